import { createHash } from 'node:crypto';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { HitCounter } from '#functions/ports/hit-counter.ts';

/** The collection of rate-limit counts; firestore.indexes.json gives it a TTL policy on `expireAt`. */
export const rateLimitCollection = 'rate_limits';

/**
 * Rate-limit counts in Firestore, so every Cloud Functions instance counts against the same
 * limit. One document per key and window, named by a hash (keys hold IP addresses, which
 * stay out of the database, and `/` in an IPv6 subnet is not allowed in a document id).
 * An atomic increment and a read: no transaction, so a burst from one client never contends
 * (a read may see a later burst's hits too, which only makes the limit stricter). Firestore's
 * TTL policy deletes documents after `expireAt`.
 */
export function firestoreHitCounter(db: Firestore): HitCounter {
  const doc = (key: string, window: number) =>
    db.collection(rateLimitCollection).doc(createHash('sha256').update(`${window}|${key}`).digest('base64url'));
  return {
    async add(key, window, by, expiresAt) {
      const ref = doc(key, window);
      await ref.set({ count: FieldValue.increment(by), expireAt: Timestamp.fromMillis(expiresAt) }, { merge: true });
      const count = (await ref.get()).get('count');
      return typeof count === 'number' ? Math.max(0, count) : 0;
    },
    async forget(key, window) {
      await doc(key, window).delete();
    },
  };
}
