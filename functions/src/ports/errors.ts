/**
 * What the site refuses, in its own terms. Services and adapters throw these; http/errors.ts
 * alone turns each kind into an HTTP status and the answer `{ message, errors }`, so the
 * layers below the routes know nothing of HTTP. `fields` are the messages shown beside the
 * fields (or files) they concern, keyed by the field's name.
 */
export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** What the answer carries beside `message` and `errors` for the caller to act on (the free times after a clash, say). */
  get extra(): Record<string, unknown> | undefined {
    return undefined;
  }
}

/** What was sent cannot be used: a field's value, a file that cannot be read, an aborted upload. */
export class InvalidError extends DomainError {}

/** Who asks is not signed in, or their sign-in failed: a wrong password or second factor, an expired sign-in. */
export class NotSignedInError extends DomainError {}

/** Not allowed, whoever asks: a link that has expired or was used. */
export class ForbiddenError extends DomainError {}

/** Nothing of that name or id. */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found', fields?: Record<string, string>) {
    super(message, fields);
  }
}

/** The thing is not in a state that allows it: an id already taken, a lead not won, a stale version. */
export class ConflictError extends DomainError {
  constructor(message = 'Already exists', fields?: Record<string, string>) {
    super(message, fields);
  }
}

/** It was there once and is no more: a review link already used or expired. */
export class GoneError extends DomainError {}

/** Larger than allowed. */
export class TooLargeError extends DomainError {}

/** A type of file that is not accepted. */
export class UnsupportedTypeError extends DomainError {}

/** Too much from one client for now: it may try again after `retryAfterSeconds`. */
export class TooManyError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    fields?: Record<string, string>,
  ) {
    super(message, fields);
  }
}

/** No room to keep it: the uploads' storage or the disk is full. */
export class StorageFullError extends DomainError {}

/** A service outside the site (the card payments provider) did not answer: try again later. */
export class UnavailableError extends DomainError {}
