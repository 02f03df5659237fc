import { ApiRequestError } from './api-client';

/**
 * The message a toast shows for a failed call. The spec's format is the status, a colon and a
 * space, then the body text; our bodies are JSON `{message}`, so the status is kept and the
 * server's own sentence replaces the raw JSON, which staff should not have to read.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    return error.body?.message ? `${error.status}: ${error.body.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's own sentence, without the status in front, for messages a person acts on at
 * once (a wrong password or code): "401:" tells them nothing. Falls back to `errorText`.
 */
export const serverMessage = (error: unknown) => (error instanceof ApiRequestError && error.body?.message) || errorText(error);
