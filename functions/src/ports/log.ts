import type { IncomingMessage } from 'node:http';

/** Reports a failure; `req` is the request it happened in, when there is one. */
export type Log = (message: string, error?: unknown, req?: IncomingMessage) => void;
