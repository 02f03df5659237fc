/**
 * A reason the server cannot start that the person running it can fix: the entry prints
 * its message, one line without a stack trace, and exits non-zero.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** The `code` of a Node system error or a better-sqlite3 SqliteError. */
export function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024).toLocaleString('en-AU');

export const diskFull = (dataDir: string, freeBytes?: number, neededMb?: number) =>
  new StartupError(
    `DATA_DIR ${dataDir} is on a full disk${freeBytes === undefined ? '' : ` (${mb(freeBytes)} MB free, at least ${neededMb?.toLocaleString('en-AU')} MB needed)`}: free up space there, or set DATA_DIR to a folder on a disk with room.`,
  );

/** Explains a failure to create or write DATA_DIR, or undefined when it is not one of those. */
export function dataDirProblem(dataDir: string, error: unknown): StartupError | undefined {
  switch (errorCode(error)) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
      return new StartupError(
        `DATA_DIR ${dataDir} cannot be written (${errorCode(error)}): make it writable by the user running the server, or set DATA_DIR to another folder.`,
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new StartupError(`DATA_DIR ${dataDir} is not a folder: set DATA_DIR to a folder (it is created when missing).`);
    case 'ENOSPC':
    case 'SQLITE_FULL':
      return diskFull(dataDir);
    default:
      return undefined;
  }
}

/** Explains a database that SQLite cannot read, or undefined when the error is another. */
export function damagedDatabase(file: string, error: unknown): StartupError | undefined {
  const code = errorCode(error);
  if (code !== 'SQLITE_NOTADB' && code !== 'SQLITE_CORRUPT') return undefined;
  const reason = error instanceof Error ? error.message : code;
  return new StartupError(
    `The database ${file} is damaged (${reason}): move it out of DATA_DIR and restore the latest backup into an empty DATA_DIR with npm run admin -- restore FILE.`,
  );
}

/** Explains why the server could not listen, or undefined. */
export function listenProblem(host: string, port: number, error: unknown): StartupError | undefined {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return new StartupError(`Port ${port} on ${host} is already in use: stop the program using it, or set PORT to a free port.`);
    case 'EACCES':
      return new StartupError(
        `Port ${port} needs privileges this user lacks: set PORT to 1024 or above (behind a reverse proxy for 80 and 443).`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(`HOST ${host} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`);
    default:
      return undefined;
  }
}
