import type { PersonalMessage, Review } from '@site/domain';
import type { CollectionReference, DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { byCreation, type PersonalDataStore } from '#functions/ports/privacy.ts';
import { tables } from '#functions/ports/schema.ts';
import { privateCollectionName, type FirestoreCollection } from './collection';
import { toDelivery, type FirestoreMessagesOptions } from './messages';

/** How many values one `in` or `array-contains-any` filter may hold. */
const inLimit = 30;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += inLimit) out.push(items.slice(i, i + inLimit));
  return out;
};

/**
 * The Privacy tool's queries on Firestore. A review's email lives in `reviews_private` (rules
 * show it to the admin only), so reviews are found there; messages are the Trigger Email
 * (`mail`, `to` an array), Twilio (`messages`) and skipped documents, found by recipient (as
 * written, and as the daily cap's lower-cased `customerKey`) or by lead, each through
 * Firestore's automatic single-field indexes.
 */
export class FirestorePersonalData implements PersonalDataStore {
  private readonly mail: CollectionReference;
  private readonly sms: CollectionReference;
  private readonly skipped: CollectionReference;
  private readonly reviewsPrivate: CollectionReference;

  constructor(
    db: Firestore,
    private readonly reviews: FirestoreCollection<Review>,
    options: FirestoreMessagesOptions = {},
  ) {
    this.mail = db.collection(options.mailCollection ?? 'mail');
    this.sms = db.collection(options.smsCollection ?? 'messages');
    this.skipped = db.collection('skipped_messages');
    this.reviewsPrivate = db.collection(privateCollectionName(tables.reviews.name));
  }

  async reviewsByEmail(emails: readonly string[]): Promise<Review[]> {
    const forms = variants(emails);
    const snapshots = await Promise.all(chunks(forms).map((part) => this.reviewsPrivate.where('email', 'in', part).get()));
    const ids = [...new Set(snapshots.flatMap((snapshot) => snapshot.docs.map((doc) => doc.id)))];
    const found = (await Promise.all(ids.map((id) => this.reviews.get(id)))).filter((review): review is Review => review !== null);
    return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async messagesTo(recipients: readonly string[]): Promise<PersonalMessage[]> {
    const forms = variants(recipients);
    const keys = [...new Set(recipients.map((to) => to.trim().toLowerCase()))];
    const queries: Query[] = [];
    for (const part of chunks(forms)) {
      queries.push(
        this.mail.where('to', 'array-contains-any', part),
        this.sms.where('to', 'in', part),
        this.skipped.where('to', 'in', part),
      );
    }
    for (const part of chunks(keys)) queries.push(this.mail.where('customerKey', 'in', part), this.sms.where('customerKey', 'in', part));
    return this.collect(queries);
  }

  async messagesAbout(leadIds: readonly string[]): Promise<PersonalMessage[]> {
    const queries = chunks(leadIds).flatMap((part) => [this.mail, this.sms, this.skipped].map((ref) => ref.where('leadId', 'in', part)));
    return this.collect(queries);
  }

  async deleteMessages(ids: readonly string[]): Promise<void> {
    // A batch holds 500 writes; each id is deleted from the three collections (a missing document is no error).
    for (let i = 0; i < ids.length; i += 150) {
      const batch = this.mail.firestore.batch();
      for (const id of ids.slice(i, i + 150)) for (const ref of [this.mail, this.sms, this.skipped]) batch.delete(ref.doc(id));
      await batch.commit();
    }
  }

  private async collect(queries: Query[]): Promise<PersonalMessage[]> {
    const snapshots = await Promise.all(queries.map((query) => query.get()));
    const byId = new Map<string, PersonalMessage>();
    for (const snapshot of snapshots) for (const doc of snapshot.docs) byId.set(doc.id, toPersonal(doc));
    return [...byId.values()].sort(byCreation);
  }
}

/** Each value as given and lower-cased: Firestore compares exactly, and people type addresses either way. */
const variants = (values: readonly string[]) => [...new Set(values.flatMap((value) => [value.trim(), value.trim().toLowerCase()]))];

function toPersonal(doc: DocumentSnapshot): PersonalMessage {
  const data = doc.data() ?? {};
  const subject = typeof data.message?.subject === 'string' ? (data.message.subject as string) : undefined;
  const text =
    typeof data.message?.text === 'string'
      ? (data.message.text as string)
      : typeof data.body === 'string'
        ? (data.body as string)
        : undefined;
  return {
    ...toDelivery(doc),
    leadKind: typeof data.leadKind === 'string' ? data.leadKind : '',
    leadId: typeof data.leadId === 'string' ? data.leadId : '',
    ...(subject !== undefined ? { subject } : {}),
    ...(text !== undefined ? { text } : {}),
  };
}
