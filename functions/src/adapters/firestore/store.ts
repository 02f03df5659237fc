import type { Firestore } from 'firebase-admin/firestore';
import type { Store } from '#functions/ports/store.ts';
import { tables } from '#functions/ports/schema.ts';
import { newId } from '#functions/ids.ts';
import type { Inquiry, QuoteRequest, Review } from '@site/domain';
import type { BookingBlockRecord, BookingRecord } from '#functions/ports/bookings.ts';
import { FirestoreBookingAlerts, FirestoreBookingSlots } from './bookings';
import { FirestoreCollection } from './collection';
import { FirestoreMessages, type FirestoreMessagesOptions } from './messages';
import { FirestorePersonalData } from './privacy';
import { FirestoreSettings } from './settings';

export interface FirestoreStoreOptions extends FirestoreMessagesOptions {
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
  const inquiries = new FirestoreCollection<Inquiry>(db, tables.inquiries);
  const quotes = new FirestoreCollection<QuoteRequest>(db, tables.quotes);
  const reviews = new FirestoreCollection<Review>(db, tables.reviews);
  return {
    bookings: new FirestoreCollection<BookingRecord>(db, tables.bookings),
    bookingBlocks: new FirestoreCollection<BookingBlockRecord>(db, tables.bookingBlocks),
    bookingSlots: new FirestoreBookingSlots(db),
    bookingAlerts: new FirestoreBookingAlerts(db),
    users: new FirestoreCollection(db, tables.users),
    sessions: new FirestoreCollection(db, tables.sessions),
    inquiries,
    quotes,
    reviews,
    messages: new FirestoreMessages(db, { inquiry: inquiries, quote: quotes, review: reviews }, options),
    personal: new FirestorePersonalData(db, reviews, options),
    settings: new FirestoreSettings(db),
    visitors: new FirestoreCollection(db, tables.visitors),
    visitorDays: new FirestoreCollection(db, tables.visitorDays),
    visitorSalts: new FirestoreCollection(db, tables.visitorSalts),
    models: new FirestoreCollection(db, tables.models),
    projects: new FirestoreCollection(db, tables.projects),
    objects: new FirestoreCollection(db, tables.objects),
    uploadTickets: new FirestoreCollection(db, tables.uploadTickets),
    attachments: new FirestoreCollection(db, tables.attachments),
    attachmentTickets: new FirestoreCollection(db, tables.attachmentTickets),
    uploadQuotas: new FirestoreCollection(db, tables.uploadQuotas),
    signingKeys: new FirestoreCollection(db, tables.signingKeys),
    loginChallenges: new FirestoreCollection(db, tables.loginChallenges),
    loginDevices: new FirestoreCollection(db, tables.loginDevices),
    audit: new FirestoreCollection(db, tables.audit),
    reviewInvites: new FirestoreCollection(db, tables.reviewInvites),
    quoteVersions: new FirestoreCollection(db, tables.quoteVersions),
    quoteCounters: new FirestoreCollection(db, tables.quoteCounters),
    stripeEvents: new FirestoreCollection(db, tables.stripeEvents),
    emailSuppressions: new FirestoreCollection(db, tables.emailSuppressions),
    newLeadId: newId,
    close() {
      closed ??= (async () => {
        await options.onClose?.();
      })();
      return closed;
    },
  };
}
