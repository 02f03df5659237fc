/**
 * Counts hits per key in fixed windows. Where the counts live is the adapter's business:
 * in this process (embedded), or in Firestore so every Cloud Functions instance sees the
 * same counts. `window` is the start of the current window in ms; a counter is never read
 * after its window has passed.
 */
export interface HitCounter {
  /** Adds `by` (1, or -1 to take back a hit) and answers the window's total. */
  add(key: string, window: number, by: number, expiresAt: number): Promise<number>;
  /** Forgets the key's count in that window. */
  forget(key: string, window: number): Promise<void>;
}
