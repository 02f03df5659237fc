import type { PersonalMessage, Review } from '@site/domain';
import type { Database } from 'better-sqlite3';
import { byCreation, type PersonalDataStore } from '#functions/ports/privacy.ts';
import type { SqliteCollection } from './collection';
import { toDelivery, type MessageRow } from './messages';

/** The columns of the `messages` table the Privacy tool shows. */
type ShownMessageRow = Pick<
  MessageRow,
  | 'id'
  | 'leadKind'
  | 'leadId'
  | 'channel'
  | 'audience'
  | 'recipient'
  | 'subject'
  | 'body'
  | 'status'
  | 'attempts'
  | 'error'
  | 'sentAt'
  | 'createdAt'
>;

/** SQLite's parameters per statement are many, but a person's records are few: chunks keep any list safe. */
const chunkSize = 500;
const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += chunkSize) out.push(items.slice(i, i + chunkSize));
  return out;
};
const marks = (items: readonly unknown[]) => items.map(() => '?').join(', ');

/** The Privacy tool's queries on SQLite: reviews by lower-cased email, messages by their lower-cased recipient (an index of migration NN). */
export class SqlitePersonalData implements PersonalDataStore {
  constructor(
    private readonly db: Database,
    private readonly reviews: SqliteCollection<Review>,
  ) {}

  async reviewsByEmail(emails: readonly string[]): Promise<Review[]> {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
    const found: Review[] = [];
    for (const part of chunks(wanted)) {
      // Reviews are few and moderated by hand: a scan of the table is cheap.
      const ids = this.db.prepare(`SELECT id FROM reviews WHERE lower("email") IN (${marks(part)})`).all(...part) as { id: string }[];
      for (const { id } of ids) {
        const review = await this.reviews.get(id);
        if (review) found.push(review);
      }
    }
    return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async messagesTo(recipients: readonly string[]): Promise<PersonalMessage[]> {
    const wanted = [...new Set(recipients.map((to) => to.trim().toLowerCase()))];
    const rows = chunks(wanted).flatMap(
      (part) => this.db.prepare(`SELECT * FROM messages WHERE lower("recipient") IN (${marks(part)})`).all(...part) as ShownMessageRow[],
    );
    return rows.map(toPersonal).sort(byCreation);
  }

  async messagesAbout(leadIds: readonly string[]): Promise<PersonalMessage[]> {
    // A lead's messages have ids `<lead id>-<n>`: a range of the primary key ('.' follows '-').
    const byLead = this.db.prepare('SELECT * FROM messages WHERE id >= @prefix AND id < @end AND leadId = @leadId');
    const rows = leadIds.flatMap((id) => byLead.all({ prefix: `${id}-`, end: `${id}.`, leadId: id }) as ShownMessageRow[]);
    return rows.map(toPersonal).sort(byCreation);
  }

  async deleteMessages(ids: readonly string[]): Promise<void> {
    this.db.transaction(() => {
      for (const part of chunks(ids)) this.db.prepare(`DELETE FROM messages WHERE id IN (${marks(part)})`).run(...part);
    })();
  }
}

function toPersonal(row: ShownMessageRow): PersonalMessage {
  return {
    ...toDelivery(row),
    leadKind: row.leadKind,
    leadId: row.leadId,
    ...(row.subject !== null ? { subject: row.subject } : {}),
    text: row.body,
  };
}
