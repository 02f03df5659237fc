import type { Firestore } from 'firebase-admin/firestore';
import type { Store } from '../../ports/store';
import { tables } from '../../ports/schema';
import { FirestoreCollection } from './collection';

export interface FirestoreStoreOptions {
  /**
   * Called once by `close()`. The store does not own `db` (the caller's firebase-admin app
   * does), so closing the store terminates nothing unless the caller asks for it here,
   * e.g. `onClose: () => deleteApp(app)`.
   */
  onClose?: () => void | Promise<void>;
}

/**
 * The Firestore Store. Collections carry the spec's names (the same `tables` the SQLite
 * adapter uses), document ids are the records' ids, and ISO timestamps are stored as
 * strings so that ordering, ranges and cursors behave exactly as in SQLite.
 * The composite indexes its queries need are in firestore.indexes.json at the repo root.
 */
export function createFirestoreStore(db: Firestore, options: FirestoreStoreOptions = {}): Store {
  let closed: Promise<void> | undefined;
  return {
    users: new FirestoreCollection(db, tables.users),
    sessions: new FirestoreCollection(db, tables.sessions),
    inquiries: new FirestoreCollection(db, tables.inquiries),
    quotes: new FirestoreCollection(db, tables.quotes),
    reviews: new FirestoreCollection(db, tables.reviews),
    visitors: new FirestoreCollection(db, tables.visitors),
    models: new FirestoreCollection(db, tables.models),
    objects: new FirestoreCollection(db, tables.objects),
    uploadTickets: new FirestoreCollection(db, tables.uploadTickets),
    close() {
      closed ??= (async () => {
        await options.onClose?.();
      })();
      return closed;
    },
  };
}
