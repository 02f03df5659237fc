/** The longest wait between two attempts to reopen a dropped live channel. */
const maxDelayMs = 30_000;

/**
 * How long a live channel (the embedded build's event stream, the Firebase build's listeners)
 * waits before its `attempt`th reopening in a row: 1 s, 2 s, 4 s ... up to 30 s, so a server
 * that is down is not hammered and one that is back is found within half a minute.
 */
export const reconnectDelayMs = (attempt: number) => Math.min(maxDelayMs, 1000 * 2 ** attempt);
