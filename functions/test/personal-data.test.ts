/**
 * The Privacy tool's store port (ports/privacy.ts) on both adapters: a person's reviews by
 * their email, their messages by recipient and by lead, and the deletion of messages, on
 * SQLite and on the Firestore adapter (Google's emulator). Each run gets an empty database.
 */
import type { Inquiry, Review } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import type { NewMessage } from '../src/ports/messages';
import type { Store } from '../src/ports/store';

const stores: Record<string, () => { store: Store; cleanUp: () => void }> = {
  SQLite: () => {
    const dir = mkdtempSync(join(tmpdir(), 'personal-data-'));
    return { store: createSqliteStore({ file: join(dir, 'site.sqlite') }), cleanUp: () => rmSync(dir, { recursive: true, force: true }) };
  },
  Firestore: () => ({ store: emulatorStore('personal-data'), cleanUp: () => undefined }),
};

describePersonalData('SQLite');
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describePersonalData('Firestore');
});

const at = '2025-03-01T00:00:00.000Z';

const inquiry = (id: string, email: string, phone: string): Inquiry => ({
  id,
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: '3-months',
  firstName: 'Mia',
  lastName: 'Lee',
  email,
  phone,
  createdAt: at,
  status: 'new',
  history: [],
  updatedAt: at,
  channel: 'Direct',
  marketingConsent: false,
});

/** The messages a lead brings: a staff alert, the customer's email, and their SMS (or a skipped one). */
const messagesFor = (lead: Inquiry, sms: 'sent' | 'skipped'): NewMessage[] => [
  {
    id: `${lead.id}-1`,
    channel: 'email',
    audience: 'staff',
    to: 'office@example.com',
    subject: `New inquiry: ${lead.firstName}`,
    text: 'Details',
  },
  { id: `${lead.id}-2`, channel: 'email', audience: 'customer', to: lead.email, subject: 'Thanks', text: 'Thanks for your inquiry' },
  {
    id: `${lead.id}-3`,
    channel: 'sms',
    audience: 'customer',
    to: '+61412345678',
    text: 'Thanks',
    ...(sms === 'skipped' ? { skipped: 'No SMS: not a mobile number' } : {}),
  },
];

const review = (id: string, email: string | undefined): Review => ({
  id,
  customerName: 'Mia',
  rating: 5,
  reviewText: 'Lovely work on our kitchen',
  approved: true,
  createdAt: at,
  verified: false,
  ...(email ? { email } : {}),
});

function describePersonalData(name: string) {
  describe(`The Privacy tool's store port on ${name}`, () => {
    let store: Store;
    let cleanUp: () => void;
    beforeEach(async () => {
      ({ store, cleanUp } = stores[name]());
      await store.messages.insertLead(
        { kind: 'inquiry', record: inquiry('lead1', 'Mia.Lee@Example.com', '0412 345 678') },
        messagesFor(inquiry('lead1', 'Mia.Lee@Example.com', '0412 345 678'), 'sent'),
        at,
      );
      await store.messages.insertLead(
        { kind: 'inquiry', record: inquiry('lead2', 'noah@example.com', '0400 000 001') },
        messagesFor(inquiry('lead2', 'noah@example.com', '0400 000 001'), 'skipped'),
        at,
      );
      await store.reviews.insert(review('r1', 'mia.lee@example.com'));
      await store.reviews.insert(review('r2', 'noah@example.com'));
      await store.reviews.insert(review('r3', undefined));
    });
    afterEach(async () => {
      await store.close();
      cleanUp();
    });

    it("finds reviews by the reviewer's email, never one without an email", async () => {
      expect((await store.personal.reviewsByEmail(['mia.lee@example.com'])).map((r) => r.id)).toEqual(['r1']);
      expect((await store.personal.reviewsByEmail(['MIA.LEE@example.com'])).map((r) => r.id)).toEqual(['r1']);
      expect((await store.personal.reviewsByEmail(['nobody@example.com'])).map((r) => r.id)).toEqual([]);
      const found = await store.personal.reviewsByEmail(['noah@example.com']);
      expect(found).toEqual([review('r2', 'noah@example.com')]);
    });

    it('finds the messages to an address whatever its case, and to a mobile, sent or skipped', async () => {
      const toMia = await store.personal.messagesTo(['mia.lee@example.com']);
      expect(toMia.map((m) => m.id)).toEqual(['lead1-2']);
      expect(toMia[0]).toMatchObject({
        leadKind: 'inquiry',
        leadId: 'lead1',
        channel: 'email',
        audience: 'customer',
        subject: 'Thanks',
        text: 'Thanks for your inquiry',
      });
      const toMobile = await store.personal.messagesTo(['+61412345678']);
      expect(toMobile.map((m) => [m.id, m.status])).toEqual([
        ['lead1-3', 'queued'],
        ['lead2-3', 'skipped'],
      ]);
      expect(await store.personal.messagesTo(['nobody@example.com'])).toEqual([]);
    });

    it('finds every message about a lead, the staff alert included, and deletes them (unknown ids ignored)', async () => {
      const about = await store.personal.messagesAbout(['lead1']);
      expect(about.map((m) => m.id)).toEqual(['lead1-1', 'lead1-2', 'lead1-3']);
      expect(about[0]).toMatchObject({ audience: 'staff', to: 'office@example.com', text: 'Details' });

      await store.personal.deleteMessages([...about.map((m) => m.id), 'no-such-message']);
      expect(await store.personal.messagesAbout(['lead1'])).toEqual([]);
      expect((await store.messages.forLeads(['lead1'])).get('lead1')).toBeUndefined();
      expect((await store.personal.messagesAbout(['lead2'])).map((m) => m.id)).toEqual(['lead2-1', 'lead2-2', 'lead2-3']);
    });
  });
}
