import type { Inquiry, Model3d, QuoteRequest, Review } from '@site/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewMessage } from '../src/ports/messages';
import { searchTerm } from '../src/ports/search';
import { ConflictError, NotFoundError } from '../src/ports/errors';
import { InvalidCursorError, type Store } from '../src/ports/store';

/**
 * The behaviour every Store adapter must have. Run by the SQLite adapter's tests and by
 * the Firestore adapter's tests against Google's Firestore emulator.
 */
export function describeStoreContract(name: string, makeStore: () => Promise<Store>) {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await makeStore();
    });
    afterEach(async () => {
      await store.close();
    });

    const review = (i: number, approved: boolean, email?: string): Review => ({
      id: `r${String(i).padStart(3, '0')}`,
      customerName: `Customer ${i}`,
      rating: (i % 5) + 1,
      reviewText: 'A lovely new kitchen, thank you',
      ...(email ? { email } : {}),
      approved,
      verified: i % 7 === 0,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
    });

    it('inserts and reads back a document with arrays, booleans, numbers and optional fields', async () => {
      const inquiry: Inquiry = {
        id: 'i1',
        rooms: ['kitchen', 'laundry'],
        budget: '15000-30000',
        timeline: 'asap',
        firstName: 'Ava',
        lastName: 'Nguyen',
        email: 'ava@example.com',
        phone: '0400 000 000',
        status: 'new',
        history: [],
        updatedAt: '2025-01-05T10:00:00.000Z',
        createdAt: '2025-01-05T10:00:00.000Z',
        source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring-kitchens', gclid: 'abc', landingPage: '/' },
        channel: 'Paid search',
      };
      expect(await store.inquiries.insert(inquiry)).toEqual(inquiry);
      expect(await store.inquiries.get('i1')).toEqual(inquiry);
      // A lead stored before sources has no channel: it reads as Direct.
      const { source: _source, channel: _channel, ...before } = inquiry;
      await store.inquiries.insert({ ...before, id: 'i0' });
      expect(await store.inquiries.get('i0')).toEqual({ ...before, id: 'i0', channel: 'Direct' });
      await store.reviews.insert(review(1, false));
      await store.reviews.insert(review(2, true, 'b@example.com'));
      expect(await store.reviews.get('r001')).toEqual(review(1, false));
      expect(await store.reviews.get('r001')).not.toHaveProperty('email');
      expect(await store.reviews.get('r002')).toEqual(review(2, true, 'b@example.com'));
      expect(await store.reviews.get('missing')).toBeNull();
    });

    it("keeps an admin's second factors, and removes optional fields patched to undefined", async () => {
      const passkey = {
        id: 'cred-1',
        name: 'Laptop',
        publicKey: 'pQECAyYgASFY',
        counter: 3,
        transports: ['internal'],
        createdAt: '2025-01-02T00:00:00.000Z',
        lastUsedAt: null,
      };
      await store.users.insert({
        id: 'mfa1',
        username: 'mfa-admin',
        password: 'x',
        createdAt: '2025-01-01T00:00:00.000Z',
        totpSecret: 'JBSWY3DPEHPK3PXP',
        totpLastStep: 58_000_000,
        recoveryCodes: ['h1', 'h2'],
        passkeys: [passkey],
      });
      expect(await store.users.get('mfa1')).toMatchObject({
        totpSecret: 'JBSWY3DPEHPK3PXP',
        totpLastStep: 58_000_000,
        recoveryCodes: ['h1', 'h2'],
        passkeys: [passkey],
      });
      await store.users.update('mfa1', { totpSecret: undefined, totpLastStep: undefined, recoveryCodes: [] });
      const after = await store.users.get('mfa1');
      expect(after).not.toHaveProperty('totpSecret');
      expect(after).not.toHaveProperty('totpLastStep');
      expect(after).toMatchObject({ recoveryCodes: [], passkeys: [passkey] });
    });

    it('pages the audit trail newest first and deletes entries older than a cutoff', async () => {
      for (let i = 0; i < 5; i++) {
        await store.audit.insert({
          id: `a${i}`,
          at: `2025-01-0${i + 1}T00:00:00.000Z`,
          username: 'staff',
          ipAddress: '127.0.0.1',
          userAgent: 'test',
          action: 'login.succeeded',
          ...(i % 2 ? { userId: 'u1', target: `inquiry:${i}` } : {}),
        });
      }
      const first = await store.audit.find({ orderBy: 'at', direction: 'desc', limit: 2 });
      expect(first.items.map((e) => e.id)).toEqual(['a4', 'a3']);
      expect(first.items[1]).toMatchObject({ userId: 'u1', target: 'inquiry:3' });
      expect(first.items[0]).not.toHaveProperty('userId');
      const second = await store.audit.find({ orderBy: 'at', direction: 'desc', limit: 2, after: first.next });
      expect(second.items.map((e) => e.id)).toEqual(['a2', 'a1']);
      const old = await store.audit.find({ orderBy: 'at', direction: 'asc', lessThan: '2025-01-03', limit: 10 });
      expect(old.items.map((e) => e.id)).toEqual(['a0', 'a1']);
      expect(await store.audit.count()).toBe(5);
    });

    it('gives each new lead an id of 20 base62 characters that no other lead has', async () => {
      const ids = Array.from({ length: 500 }, () => store.newLeadId());
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('refuses a second document with the same unique username', async () => {
      const user = { id: 'u1', username: 'admin', password: 'x', createdAt: '2025-01-01T00:00:00.000Z', recoveryCodes: [], passkeys: [] };
      await store.users.insert(user);
      await expect(store.users.insert({ ...user, id: 'u2' })).rejects.toBeInstanceOf(ConflictError);
      expect(await store.users.count()).toBe(1);
      expect(await store.users.findOne({ username: 'admin' })).toEqual(user);
      expect(await store.users.findOne({ username: 'nobody' })).toBeNull();
    });

    it('pages newest first with equality filters, cursors and counts', async () => {
      for (let i = 0; i < 25; i++) await store.reviews.insert(review(i, i % 2 === 0));
      expect(await store.reviews.count()).toBe(25);
      expect(await store.reviews.count({ approved: true })).toBe(13);
      expect(await store.reviews.count({ approved: false })).toBe(12);

      const seen: string[] = [];
      let after: string | undefined;
      do {
        const page = await store.reviews.find({
          where: { approved: true },
          orderBy: 'createdAt',
          direction: 'desc',
          limit: 5,
          after,
        });
        expect(page.items.length).toBeLessThanOrEqual(5);
        for (const item of page.items) expect(item.approved).toBe(true);
        seen.push(...page.items.map((r) => r.id));
        after = page.next;
      } while (after);
      const expected = Array.from({ length: 25 }, (_, i) => i)
        .filter((i) => i % 2 === 0)
        .reverse()
        .map((i) => `r${String(i).padStart(3, '0')}`);
      expect(seen).toEqual(expected);
    });

    it('breaks ties in the order field by id, so paging never skips or repeats', async () => {
      const at = '2025-02-01T00:00:00.000Z';
      for (const id of ['c', 'a', 'e', 'b', 'd']) await store.reviews.insert({ ...review(1, true), id, createdAt: at });
      const first = await store.reviews.find({ orderBy: 'createdAt', direction: 'asc', limit: 2 });
      const second = await store.reviews.find({ orderBy: 'createdAt', direction: 'asc', limit: 2, after: first.next });
      const third = await store.reviews.find({ orderBy: 'createdAt', direction: 'asc', limit: 2, after: second.next });
      expect([...first.items, ...second.items, ...third.items].map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(third.next).toBeUndefined();
    });

    it('rejects a cursor it did not make', async () => {
      await expect(store.reviews.find({ orderBy: 'createdAt', direction: 'desc', limit: 5, after: 'not-a-cursor' })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
    });

    it('selects by a range on the order field', async () => {
      for (let i = 0; i < 10; i++) {
        await store.visitors.insert({ id: `v${i}`, page: '/', visitedAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() });
      }
      const old = await store.visitors.find({
        orderBy: 'visitedAt',
        direction: 'asc',
        limit: 100,
        lessThan: new Date(Date.UTC(2025, 0, 4)).toISOString(),
      });
      expect(old.items.map((v) => v.id)).toEqual(['v0', 'v1', 'v2']);
      expect(old.items[0]).not.toHaveProperty('ipAddress');
    });

    it('counts within a range of a field', async () => {
      for (let i = 0; i < 10; i++) {
        await store.visitors.insert({ id: `v${i}`, page: '/', visitedAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString() });
      }
      const range = (from: number, to: number) => ({
        field: 'visitedAt' as const,
        from: new Date(Date.UTC(2025, 0, from)).toISOString(),
        to: new Date(Date.UTC(2025, 0, to)).toISOString(),
      });
      expect(await store.visitors.count(undefined, range(3, 6))).toBe(3);
      expect(await store.visitors.count(undefined, range(1, 2))).toBe(1);
      expect(await store.visitors.count(undefined, range(20, 30))).toBe(0);
      expect(await store.visitors.count({ page: '/' }, range(1, 11))).toBe(10);
    });

    it('updates, compares-and-sets, and deletes', async () => {
      await store.reviews.insert(review(1, false));
      expect(await store.reviews.update('r001', { approved: true })).toEqual({ ...review(1, false), approved: true });
      expect(await store.reviews.update('missing', { approved: true })).toBeNull();

      await store.uploadTickets.insert({
        id: 't1',
        kind: 'model',
        userId: 'u1',
        used: false,
        createdAt: '2025-01-01T00:00:00.000Z',
        expiresAt: '2025-01-01T00:15:00.000Z',
      });
      expect(await store.uploadTickets.updateIf('t1', { used: false }, { used: true })).toBe(true);
      expect(await store.uploadTickets.updateIf('t1', { used: false }, { used: true })).toBe(false);
      expect(await store.uploadTickets.updateIf('missing', { used: false }, { used: true })).toBe(false);

      expect(await store.reviews.delete('r001')).toBe(true);
      expect(await store.reviews.delete('r001')).toBe(false);
      expect(await store.reviews.get('r001')).toBeNull();
    });

    describe('leads: status, search and first contact', () => {
      const lead = (i: number, first: string, last: string, email: string, phone: string, status: Inquiry['status'] = 'new'): Inquiry => ({
        id: `i${String(i).padStart(3, '0')}`,
        rooms: ['kitchen'],
        budget: '15000-30000',
        timeline: 'asap',
        firstName: first,
        lastName: last,
        email,
        phone,
        status,
        history: [],
        updatedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
        channel: 'Direct',
      });
      const quote = (i: number, suburb: string, status: QuoteRequest['status']): QuoteRequest => ({
        id: `q${i}`,
        firstName: 'Noah',
        lastName: 'Papadopoulos',
        email: `noah${i}@example.com`,
        suburb,
        room: 'Kitchen',
        status,
        history: [],
        updatedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
        channel: 'Direct',
      });
      const term = (query: string) => searchTerm(query) ?? '';
      const ids = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id);

      it('finds leads by a prefix of a name, the full name, the email, phone digits in any form, or the suburb, and never returns the tokens', async () => {
        await store.inquiries.insert(lead(1, 'Ava', 'Nguyen', 'ava.nguyen@example.com', '0412 345 678'));
        await store.inquiries.insert(lead(2, 'Éloïse', 'Smith-Jones', 'eloise@mail.test', '+61 3 9000 1234'));
        await store.inquiries.insert(lead(3, 'Bo', 'Avanti', 'bo@example.org', '(03) 9555 0000'));
        const search = async (query: string) =>
          ids((await store.inquiries.find({ orderBy: 'createdAt', direction: 'asc', limit: 10, search: term(query) })).items);
        expect(await search('AVA')).toEqual(['i001', 'i003']);
        expect(await search('ava ng')).toEqual(['i001']);
        expect(await search('nguyen@')).toEqual([]);
        expect(await search('ava.nguyen@ex')).toEqual(['i001']);
        expect(await search('example.org')).toEqual(['i003']);
        expect(await search('0412 345')).toEqual(['i001']);
        expect(await search('+61412')).toEqual(['i001']);
        expect(await search('412345678')).toEqual(['i001']);
        expect(await search('0390001234')).toEqual(['i002']);
        expect(await search('5678')).toEqual(['i001']);
        expect(await search('345 67')).toEqual(['i001']);
        expect(await search('55')).toEqual([]);
        expect(await search('eloise')).toEqual(['i002']);
        expect(await search('jones')).toEqual(['i002']);
        expect(await search('zed')).toEqual([]);
        expect(await store.inquiries.count(undefined, undefined, term('ava'))).toBe(2);
        expect(await store.inquiries.get('i001')).toEqual(lead(1, 'Ava', 'Nguyen', 'ava.nguyen@example.com', '0412 345 678'));

        for (const [i, suburb] of ['Box Hill', 'Richmond', 'Box Hill North'].entries()) await store.quotes.insert(quote(i, suburb, 'new'));
        const quotes = await store.quotes.find({ orderBy: 'createdAt', direction: 'desc', limit: 10, search: term('box h') });
        expect(ids(quotes.items)).toEqual(['q2', 'q0']);
        expect(await store.quotes.count(undefined, undefined, term('hill'))).toBe(2);
      });

      it('pages and counts a status filter combined with a search', async () => {
        for (let i = 0; i < 12; i++) {
          await store.inquiries.insert(
            lead(i, i % 2 ? 'Ava' : 'Mia', 'Lee', `p${i}@example.com`, '0400 000 000', i % 3 ? 'contacted' : 'new'),
          );
        }
        const seen: string[] = [];
        let after: string | undefined;
        do {
          const page = await store.inquiries.find({
            where: { status: 'contacted' },
            search: term('ava'),
            orderBy: 'createdAt',
            direction: 'desc',
            limit: 2,
            after,
          });
          seen.push(...ids(page.items));
          after = page.next;
        } while (after);
        expect(seen).toEqual(['i011', 'i007', 'i005', 'i001']);
        expect(await store.inquiries.count({ status: 'contacted' }, undefined, term('ava'))).toBe(4);
        expect(await store.inquiries.count({ status: 'new' })).toBe(4);
        expect(await store.inquiries.count({ status: 'won' }, undefined, term('ava'))).toBe(0);
      });

      it('pages a search newest first with cursors, counts it, and follows status changes and deletions', async () => {
        for (let i = 0; i < 9; i++) {
          await store.inquiries.insert(lead(i, i % 3 ? 'Ava' : 'Alex', 'Lee', `lee${i}@example.com`, `0412 000 00${i}`));
        }
        const pages = async (search: string, where?: { status: Inquiry['status'] }) => {
          const seen: string[][] = [];
          let after: string | undefined;
          do {
            const page = await store.inquiries.find({ where, search, orderBy: 'createdAt', direction: 'desc', limit: 3, after });
            seen.push(ids(page.items));
            after = page.next;
          } while (after);
          return seen;
        };
        expect(await pages(term('a'))).toEqual([
          ['i008', 'i007', 'i006'],
          ['i005', 'i004', 'i003'],
          ['i002', 'i001', 'i000'],
        ]);
        expect(await pages(term('ava'))).toEqual([
          ['i008', 'i007', 'i005'],
          ['i004', 'i002', 'i001'],
        ]);
        expect(await pages(term('lee3@example.com'))).toEqual([['i003']]);
        expect(await pages(term('0412 000 004'))).toEqual([['i004']]);
        expect(await pages(term('nobody'))).toEqual([[]]);
        expect(await store.inquiries.count(undefined, undefined, term('ava'))).toBe(6);
        // Oldest first too.
        const oldest = await store.inquiries.find({ search: term('alex'), orderBy: 'createdAt', direction: 'asc', limit: 2 });
        expect(ids(oldest.items)).toEqual(['i000', 'i003']);

        // A status change moves the lead between the filtered searches.
        await store.inquiries.transform('i007', () => ({ status: 'contacted' }));
        await store.inquiries.update('i004', { status: 'contacted' });
        expect(await store.inquiries.updateIf('i001', { status: 'new' }, { status: 'quoted' })).toBe(true);
        await store.inquiries.updateMany([{ id: 'i002', patch: { status: 'contacted' } }]);
        expect(await pages(term('ava'), { status: 'contacted' })).toEqual([['i007', 'i004', 'i002']]);
        expect(await pages(term('ava'), { status: 'new' })).toEqual([['i008', 'i005']]);
        expect(await store.inquiries.count({ status: 'contacted' }, undefined, term('ava'))).toBe(3);
        expect(await store.inquiries.count({ status: 'quoted' }, undefined, term('lee1'))).toBe(1);
        expect(await store.inquiries.count({ status: 'new' }, undefined, term('lee1'))).toBe(0);

        // A deleted lead is found no more, by any of its tokens.
        expect(await store.inquiries.delete('i007')).toBe(true);
        await store.inquiries.deleteMany(['i008', 'i000']);
        expect(await pages(term('ava'))).toEqual([['i005', 'i004', 'i002'], ['i001']]);
        expect(await store.inquiries.count(undefined, undefined, term('lee7@example.com'))).toBe(0);
        expect(await store.inquiries.count(undefined, undefined, term('alex'))).toBe(2);
        expect(await store.inquiries.count({ status: 'contacted' }, undefined, term('ava'))).toBe(2);
        // And an id used again is a new lead with its own tokens.
        await store.inquiries.insert(lead(7, 'Zara', 'Lee', 'zara@example.com', '0499 999 999'));
        expect(await pages(term('zara'))).toEqual([['i007']]);
        expect(await pages(term('ava'))).toEqual([['i005', 'i004', 'i002'], ['i001']]);
      });

      it('transforms a document atomically from what it reads, or leaves it when told to', async () => {
        await store.inquiries.insert(lead(1, 'Ava', 'Nguyen', 'ava@example.com', '0412 345 678'));
        const entry = { at: '2025-01-02T00:00:00.000Z', by: 'staff', status: 'contacted' as const };
        const updated = await store.inquiries.transform('i001', (current) => ({
          status: 'contacted',
          history: [...current.history, entry],
          firstContactAt: entry.at,
        }));
        const expected = {
          ...lead(1, 'Ava', 'Nguyen', 'ava@example.com', '0412 345 678'),
          status: 'contacted',
          history: [entry],
          firstContactAt: entry.at,
        };
        expect(updated).toEqual(expected);
        expect(await store.inquiries.get('i001')).toEqual(expected);
        expect(await store.inquiries.transform('i001', () => null)).toEqual(expected);
        expect(await store.inquiries.transform('missing', () => ({ status: 'won' }))).toBeNull();
        // Concurrent read-modify-writes each see the other's result: no note is lost.
        await Promise.all(
          [1, 2, 3, 4].map((n) =>
            store.inquiries.transform('i001', (current) => ({
              history: [...current.history, { at: entry.at, by: 'staff', note: `n${n}` }],
            })),
          ),
        );
        expect((await store.inquiries.get('i001'))?.history.map((h) => h.note ?? h.status).sort()).toEqual([
          'contacted',
          'n1',
          'n2',
          'n3',
          'n4',
        ]);
        // Searched fields are made into tokens once, at insert.
        await expect(store.inquiries.transform('i001', () => ({ firstName: 'Zoe' }))).rejects.toThrow(/searched/);
        expect(await store.inquiries.count(undefined, undefined, term('ava'))).toBe(1);
      });

      it('reads the most recent values of a field from a lower bound, leaving out documents without it', async () => {
        for (let i = 1; i <= 4; i++) {
          await store.quotes.insert({
            ...quote(i, 'Richmond', i === 4 ? 'new' : 'contacted'),
            ...(i < 4 ? { firstContactAt: `2025-02-0${i}T00:00:00.000Z` } : {}),
          });
        }
        const recent = await store.quotes.find({
          orderBy: 'firstContactAt',
          direction: 'desc',
          atLeast: '2025-02-02T00:00:00.000Z',
          limit: 10,
        });
        expect(ids(recent.items)).toEqual(['q3', 'q2']);
      });
    });

    it('reorders in one batch, and writes nothing when one id is missing', async () => {
      const model = (id: string, displayOrder: number): Model3d => ({
        id,
        name: `Model ${id}`,
        description: 'A sample model',
        modelUrl: `/objects/models/${id}.glb`,
        originalUrl: `/objects/models/${id}.glb`,
        processing: 'pending',
        variants: [],
        hotspots: [],
        thumbnailUrl: '',
        exposure: 0.6,
        shadowIntensity: 0.5,
        displayOrder,
        createdAt: '2025-01-01T00:00:00.000Z',
      });
      await store.models.insert(model('a', 0));
      await store.models.insert(model('b', 1));
      await store.models.updateMany([
        { id: 'a', patch: { displayOrder: 1 } },
        { id: 'b', patch: { displayOrder: 0 } },
      ]);
      const ordered = await store.models.find({ orderBy: 'displayOrder', direction: 'asc', limit: 10 });
      expect(ordered.items.map((m) => m.id)).toEqual(['b', 'a']);

      await expect(
        store.models.updateMany([
          { id: 'a', patch: { displayOrder: 5 } },
          { id: 'zzz', patch: { displayOrder: 6 } },
        ]),
      ).rejects.toBeInstanceOf(NotFoundError);
      expect((await store.models.get('a'))?.displayOrder).toBe(1);
    });

    it('deletes many at once', async () => {
      for (let i = 0; i < 5; i++) await store.visitors.insert({ id: `v${i}`, page: '/', visitedAt: `2025-01-0${i + 1}T00:00:00.000Z` });
      await store.visitors.deleteMany(['v0', 'v1', 'v2']);
      expect(await store.visitors.count()).toBe(2);
    });

    describe('messages about leads', () => {
      const inquiry: Inquiry = {
        id: 'lead1',
        rooms: ['kitchen'],
        budget: '15000-30000',
        timeline: 'asap',
        firstName: 'Ava',
        lastName: 'Nguyen',
        email: 'ava@example.com',
        phone: '0400 000 000',
        status: 'new',
        history: [],
        updatedAt: '2025-01-05T10:00:00.000Z',
        createdAt: '2025-01-05T10:00:00.000Z',
        channel: 'Direct',
      };
      // A lead's messages have ids `<lead id>-<n>`.
      const messages = (prefix: string): NewMessage[] => [
        {
          id: `${prefix}c`,
          channel: 'email',
          audience: 'customer',
          to: 'ava@example.com',
          subject: 'Thanks',
          text: 'Thank you',
          html: '<p>Thank you</p>',
        },
        { id: `${prefix}s`, channel: 'sms', audience: 'customer', to: '+61400000000', text: 'Thanks' },
        { id: `${prefix}o`, channel: 'email', audience: 'staff', to: 'office@example.com', subject: 'New inquiry', text: 'New inquiry' },
        {
          id: `${prefix}l`,
          channel: 'sms',
          audience: 'staff',
          to: '(03) 9000 0000',
          text: '',
          skipped: 'No SMS: (03) 9000 0000 is not a mobile number',
        },
      ];

      it('stores a lead with its messages and lists them per lead, staff first, email before SMS', async () => {
        await store.messages.insertLead({ kind: 'inquiry', record: inquiry }, messages('lead1-'), inquiry.createdAt);
        expect(await store.inquiries.get('lead1')).toEqual(inquiry);
        const found = await store.messages.forLeads(['lead1', 'nobody']);
        expect([...found.keys()]).toEqual(['lead1']);
        expect(found.get('lead1')).toEqual([
          {
            id: 'lead1-o',
            channel: 'email',
            audience: 'staff',
            to: 'office@example.com',
            status: 'queued',
            attempts: 0,
            createdAt: inquiry.createdAt,
          },
          {
            id: 'lead1-l',
            channel: 'sms',
            audience: 'staff',
            to: '(03) 9000 0000',
            status: 'skipped',
            attempts: 0,
            error: 'No SMS: (03) 9000 0000 is not a mobile number',
            createdAt: inquiry.createdAt,
          },
          {
            id: 'lead1-c',
            channel: 'email',
            audience: 'customer',
            to: 'ava@example.com',
            status: 'queued',
            attempts: 0,
            createdAt: inquiry.createdAt,
          },
          {
            id: 'lead1-s',
            channel: 'sms',
            audience: 'customer',
            to: '+61400000000',
            status: 'queued',
            attempts: 0,
            createdAt: inquiry.createdAt,
          },
        ]);
        expect(await store.messages.status()).toEqual({ queued: 3, failingInARow: 0 });
      });

      it('keeps neither the lead nor its messages when the lead cannot be stored', async () => {
        await store.messages.insertLead({ kind: 'inquiry', record: inquiry }, messages('lead1-'), inquiry.createdAt);
        await expect(
          store.messages.insertLead(
            { kind: 'inquiry', record: { ...inquiry, firstName: 'Other' } },
            messages('lead1-2'),
            inquiry.createdAt,
          ),
        ).rejects.toThrow();
        expect((await store.inquiries.get('lead1'))?.firstName).toBe('Ava');
        expect(
          (await store.messages.forLeads(['lead1']))
            .get('lead1')
            ?.map((m) => m.id)
            .sort(),
        ).toEqual(['lead1-c', 'lead1-l', 'lead1-o', 'lead1-s']);
        expect(await store.messages.status()).toEqual({ queued: 3, failingInARow: 0 });
      });

      it('stores a review with its staff alert, the reviewer email kept with the review', async () => {
        const withEmail = review(1, false, 'reviewer@example.com');
        await store.messages.insertLead({ kind: 'review', record: withEmail }, [messages(`${withEmail.id}-`)[2]], withEmail.createdAt);
        expect(await store.reviews.get(withEmail.id)).toEqual(withEmail);
        expect((await store.messages.forLeads([withEmail.id])).get(withEmail.id)?.map((m) => m.to)).toEqual(['office@example.com']);
      });

      it('counts the customer messages to a recipient since a time: emails in any case, never staff or skipped ones', async () => {
        const later = '2025-01-06T09:00:00.000Z';
        await store.messages.insertLead(
          { kind: 'inquiry', record: inquiry },
          [
            { id: 'lead1-1', channel: 'email', audience: 'staff', to: 'ava@example.com', subject: 'New inquiry', text: 'New inquiry' },
            { id: 'lead1-2', channel: 'email', audience: 'customer', to: 'Ava@Example.COM', subject: 'Thanks', text: 'Thank you' },
            { id: 'lead1-3', channel: 'sms', audience: 'customer', to: '+61400000000', text: 'Thanks' },
          ],
          inquiry.createdAt,
        );
        await store.messages.insertLead(
          { kind: 'inquiry', record: { ...inquiry, id: 'lead2', createdAt: later, updatedAt: later } },
          [
            { id: 'lead2-1', channel: 'email', audience: 'customer', to: 'ava@example.com', subject: 'Thanks', text: 'Thank you' },
            { id: 'lead2-2', channel: 'email', audience: 'customer', to: 'ava@example.com', text: '', skipped: 'Not sent: too many' },
          ],
          later,
        );
        const count = (channel: 'email' | 'sms', to: string, since: string) => store.messages.customerMessagesSince(channel, to, since);
        expect(await count('email', 'ava@example.com', '2025-01-01T00:00:00.000Z')).toBe(2);
        expect(await count('email', 'ava@example.com', inquiry.createdAt)).toBe(2);
        expect(await count('email', 'ava@example.com', later)).toBe(1);
        expect(await count('email', 'ava@example.com', '2025-01-06T09:00:00.001Z')).toBe(0);
        expect(await count('sms', '+61400000000', inquiry.createdAt)).toBe(1);
        expect(await count('email', 'office@example.com', inquiry.createdAt)).toBe(0);
      });

      it('answers a retry of a message that has not failed, or of none, without changing it', async () => {
        await store.messages.insertLead({ kind: 'inquiry', record: inquiry }, messages('lead1-'), inquiry.createdAt);
        expect(await store.messages.retry('lead1-c', '2025-01-05T11:00:00.000Z')).toBe('not-failed');
        expect(await store.messages.retry('lead1-l', '2025-01-05T11:00:00.000Z')).toBe('not-failed');
        expect(await store.messages.retry('missing', '2025-01-05T11:00:00.000Z')).toBeNull();
        expect((await store.messages.forLeads(['lead1'])).get('lead1')?.find((m) => m.id === 'lead1-c')?.status).toBe('queued');
      });

      it('queues a follow-up reminder once, with the lead marked reminded, and only for a lead still new and pending', async () => {
        const pending: Inquiry = { ...inquiry, followUpDueAt: '2025-01-05T12:00:00.000Z', followUp: 'pending' };
        await store.messages.insertLead({ kind: 'inquiry', record: pending }, [], pending.createdAt);
        await store.messages.insertLead(
          { kind: 'inquiry', record: { ...pending, id: 'lead2', status: 'contacted' } },
          [],
          pending.createdAt,
        );
        const reminder = (id: string): NewMessage[] => [
          { id, channel: 'email', audience: 'staff', to: 'office@example.com', subject: 'Reminder', text: 'Reminder' },
        ];
        const at = '2025-01-05T12:00:00.000Z';
        expect(await store.messages.remindLead('inquiry', 'lead1', reminder('lead1-r1'), at)).toBe(true);
        // A second claim, a lead answered before its time and one that is gone queue nothing.
        expect(await store.messages.remindLead('inquiry', 'lead1', reminder('lead1-r2'), at)).toBe(false);
        expect(await store.messages.remindLead('inquiry', 'lead2', reminder('lead2-r1'), at)).toBe(false);
        expect(await store.messages.remindLead('quote', 'nobody', reminder('nobody-r1'), at)).toBe(false);
        expect(await store.inquiries.get('lead1')).toEqual({ ...pending, followUp: 'reminded', followUpRemindedAt: at });
        expect((await store.inquiries.get('lead2'))?.followUp).toBe('pending');
        const found = await store.messages.forLeads(['lead1', 'lead2', 'nobody']);
        expect([...found.keys()]).toEqual(['lead1']);
        expect(found.get('lead1')?.map((m) => [m.id, m.status])).toEqual([['lead1-r1', 'queued']]);
      });
    });
  });
}
