/**
 * What a stored record's id looks like wherever a caller sends one (a path, a query, a body):
 * letters, digits, `_` and `-`, up to 64. The server's ids (functions' `newId`) have this shape,
 * and anything else is no record.
 */
export const recordIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
