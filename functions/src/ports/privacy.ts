import type { PersonalMessage, Review } from '@site/domain';

/**
 * What the Privacy tool needs beyond the collections: the queries that find a person's
 * reviews and messages by address, which Firestore can only answer where the data lives (a
 * review's email is in its private document; messages are the extensions' documents).
 */
export interface PersonalDataStore {
  /** Reviews whose reviewer gave one of these email addresses (SQLite compares them lower-cased; Firestore as given). */
  reviewsByEmail(emails: readonly string[]): Promise<Review[]>;
  /** Messages sent or queued to any of these recipients (email addresses, E.164 mobiles), oldest first. */
  messagesTo(recipients: readonly string[]): Promise<PersonalMessage[]>;
  /** Messages about these leads (staff alerts and customer confirmations alike), oldest first. */
  messagesAbout(leadIds: readonly string[]): Promise<PersonalMessage[]>;
  /** Deletes these messages wherever they are queued or recorded; unknown ids are ignored. */
  deleteMessages(ids: readonly string[]): Promise<void>;
}

/** Oldest first, then by id: both adapters list a person's messages in this order. */
export const byCreation = (a: PersonalMessage, b: PersonalMessage): number =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
