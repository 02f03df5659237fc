/**
 * Working leads over HTTP: status changes and notes (PATCH), the lists' status filter and
 * search, and the dashboard's stats, on SQLite and on the Firestore adapter (Google's
 * emulator). Each run gets an empty database.
 */
import {
  leadIdMessage,
  leadLinkFilterMessage,
  overdueFilterMessage,
  type ChangeEvent,
  type Inquiry,
  type LeadStats,
  type QuoteRequest,
} from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/ports/store';
import { admin, goodInquiry, goodQuote, startTestApp, type Client, type TestApp } from './harness';

type ApiError = { message: string; errors?: Record<string, string> };
type Listed<T> = Array<T & { messages: unknown[] }>;

const firestoreStore = () => emulatorStore('lead-status');

describeLeadWork('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describeLeadWork('Firestore', firestoreStore);
});

function describeLeadWork(name: string, makeStore: (() => Store) | undefined) {
  describe(`Working leads on ${name}`, () => {
    let t: TestApp;
    let staff: Client;
    const events: ChangeEvent[] = [];
    beforeAll(async () => {
      t = await startTestApp({}, makeStore);
      staff = await t.adminClient();
      t.app.context.feed.subscribe((event) => events.push(event));
    });
    afterAll(() => t.close());

    const inquiry = async (fields: Partial<typeof goodInquiry> = {}) =>
      (await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, ...fields })).body;
    const quote = async (fields: Partial<typeof goodQuote> = {}) =>
      (await t.client().post<QuoteRequest>('/api/quote-request', { ...goodQuote, ...fields })).body;

    describe('PATCH /api/project-inquiry/:id and /api/quote-request/:id', () => {
      it('answers a new lead as new with no history', async () => {
        const created = await inquiry();
        expect(created).toMatchObject({ status: 'new', history: [], updatedAt: created.createdAt });
        expect(created).not.toHaveProperty('firstContactAt');
        expect(created).not.toHaveProperty('searchTokens');
      });

      it('records a status change with who and when, first contact once, and a note, newest last', async () => {
        const created = await inquiry({ firstName: 'Patch' });
        const contacted = await staff.patch<Inquiry>(`/api/project-inquiry/${created.id}`, { status: 'contacted' });
        expect(contacted.status).toBe(200);
        const first = contacted.body.history[0];
        expect(contacted.body).toMatchObject({
          id: created.id,
          status: 'contacted',
          firstContactAt: first.at,
          updatedAt: first.at,
          messages: expect.any(Array),
        });
        expect(contacted.body.history).toEqual([{ at: first.at, by: admin.username, status: 'contacted' }]);
        expect(Date.parse(first.at)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));

        const noted = await staff.patch<Inquiry>(`/api/project-inquiry/${created.id}`, { note: '  Called, site visit on Friday  ' });
        expect(noted.status).toBe(200);
        expect(noted.body.history.map(({ by, status, note }) => ({ by, status, note }))).toEqual([
          { by: admin.username, status: 'contacted', note: undefined },
          { by: admin.username, status: undefined, note: 'Called, site visit on Friday' },
        ]);

        const both = await staff.patch<Inquiry>(`/api/project-inquiry/${created.id}`, { status: 'quoted', note: 'Quote sent: $24,000' });
        expect(both.body.history[2]).toMatchObject({ status: 'quoted', note: 'Quote sent: $24,000' });
        // Back to new and on again: the first contact stays the first.
        await staff.patch(`/api/project-inquiry/${created.id}`, { status: 'new' });
        const won = await staff.patch<Inquiry>(`/api/project-inquiry/${created.id}`, { status: 'won' });
        expect(won.body).toMatchObject({ status: 'won', firstContactAt: first.at, updatedAt: won.body.history[4].at });
        expect(won.body.history.map((h) => h.status ?? 'note')).toEqual(['contacted', 'note', 'quoted', 'new', 'won']);

        const { messages: _messages, ...stored } = won.body as Inquiry & { messages: unknown };
        expect(await t.app.store.inquiries.get(created.id)).toEqual(stored);
        const listed = await staff.get<Listed<Inquiry>>('/api/project-inquiries?limit=200');
        expect(listed.body.find((item) => item.id === created.id)).toMatchObject({ status: 'won', history: won.body.history });
      });

      it('changes nothing for the status a lead already has without a note', async () => {
        const created = await quote();
        const same = await staff.patch<QuoteRequest>(`/api/quote-request/${created.id}`, { status: 'new' });
        expect(same.status).toBe(200);
        expect(same.body).toMatchObject({ status: 'new', history: [] });
      });

      it('works the same on quote requests, and tells the live dashboards', async () => {
        const created = await quote({ firstName: 'Live' });
        events.length = 0;
        const res = await staff.patch<QuoteRequest>(`/api/quote-request/${created.id}`, {
          status: 'lost',
          note: 'Went with another builder',
        });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ status: 'lost', firstContactAt: res.body.history[0].at });
        expect(events).toEqual([{ collection: 'quote_requests', op: 'update', id: created.id }]);
        expect(await t.app.store.quotes.get(created.id)).toMatchObject({
          status: 'lost',
          history: [{ note: 'Went with another builder' }],
        });
      });

      it('answers each bad body with 400 and the field, and stores nothing', async () => {
        const created = await inquiry();
        const statusMessage = 'Status must be one of new, contacted, quoted, won, lost';
        const noteMessage = 'Note must be 1 to 2,000 characters';
        const cases: Array<[unknown, string, string]> = [
          [{}, 'status', 'Send a status, a note or both'],
          [{ status: 'archived' }, 'status', statusMessage],
          [{ status: 'NEW' }, 'status', statusMessage],
          [{ status: 3 }, 'status', statusMessage],
          [{ status: null }, 'status', statusMessage],
          [{ note: '' }, 'note', noteMessage],
          [{ note: '   ' }, 'note', noteMessage],
          [{ note: 'x'.repeat(2001) }, 'note', noteMessage],
          [{ note: 42 }, 'note', noteMessage],
          [{ note: ['a'] }, 'note', noteMessage],
          [{ status: 'won', note: '' }, 'note', noteMessage],
        ];
        for (const [payload, field, message] of cases) {
          const res = await staff.patch<ApiError>(`/api/project-inquiry/${created.id}`, payload);
          expect(res.status, JSON.stringify(payload)).toBe(400);
          expect(res.body, JSON.stringify(payload)).toEqual({ message, errors: { [field]: message } });
        }
        for (const raw of ['[]', '"contacted"', '{"status":']) {
          const res = await staff.request<ApiError>('PATCH', `/api/project-inquiry/${created.id}`, {
            body: raw,
            headers: { 'content-type': 'application/json' },
          });
          expect(res.status, raw).toBe(400);
        }
        expect(await t.app.store.inquiries.get(created.id)).toMatchObject({ status: 'new', history: [] });
        const longest = await staff.patch<Inquiry>(`/api/project-inquiry/${created.id}`, { note: 'x'.repeat(2000) });
        expect(longest.status).toBe(200);
        expect(longest.body.history[0].note).toHaveLength(2000);
      });

      it('refuses another entry once a lead holds 200, with 409', async () => {
        const created = await inquiry();
        const entries = Array.from({ length: 200 }, (_, i) => ({ at: created.createdAt, by: 'staff', note: `n${i}` }));
        await t.app.store.inquiries.transform(created.id, () => ({ history: entries }));
        const res = await staff.patch<ApiError>(`/api/project-inquiry/${created.id}`, { note: 'one more' });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('This lead already has 200 status changes and notes, the most it can keep');
        expect((await t.app.store.inquiries.get(created.id))?.history).toHaveLength(200);
      });

      it('answers 404 for an unknown id, 401 without a session, 403 from another site', async () => {
        const created = await inquiry();
        const missing = await staff.patch<ApiError>('/api/project-inquiry/nope', { status: 'won' });
        expect(missing.status).toBe(404);
        expect(missing.body.message).toBe('Inquiry not found');
        expect((await staff.patch<ApiError>('/api/quote-request/nope', { status: 'won' })).body).toEqual({
          message: 'Quote request not found',
        });
        expect((await staff.patch('/api/quote-request/a%2Fb', { status: 'won' })).status).toBe(404);
        // The Firestore adapter's inquiries and quotes are separate collections: an inquiry's id is no quote.
        expect((await staff.patch('/api/quote-request/' + created.id, { status: 'won' })).status).toBe(404);

        const anonymous = await t.client().patch<ApiError>(`/api/project-inquiry/${created.id}`, { status: 'won' });
        expect(anonymous.status).toBe(401);
        expect(anonymous.body.message).toBe('Not signed in');
        expect((await t.client().patch(`/api/quote-request/${created.id}`, { status: 'won' })).status).toBe(401);
        const crossSite = await staff.patch<ApiError>(
          `/api/project-inquiry/${created.id}`,
          { status: 'won' },
          { origin: 'https://evil.example' },
        );
        expect(crossSite.status).toBe(403);
        expect(crossSite.body.message).toBe('Cross-site requests are not allowed');
        expect(await t.app.store.inquiries.get(created.id)).toMatchObject({ status: 'new', history: [] });
      });
    });

    describe('GET /api/project-inquiries and /api/quote-requests with ?status= and ?q=', () => {
      const ids: Record<string, string> = {};
      beforeAll(async () => {
        ids.zara = (await inquiry({ firstName: 'Zara', lastName: 'Quinlan', email: 'zara.q@filter.test', phone: '0433 111 222' })).id;
        ids.zane = (await inquiry({ firstName: 'Zane', lastName: 'Quinlan', email: 'zane@filter.test', phone: '+61 3 9123 4567' })).id;
        ids.yusuf = (await inquiry({ firstName: 'Yusuf', lastName: 'Zamora', email: 'yusuf@filter.test', phone: '0455 000 999' })).id;
        await staff.patch(`/api/project-inquiry/${ids.zara}`, { status: 'quoted' });
        await staff.patch(`/api/project-inquiry/${ids.yusuf}`, { status: 'quoted' });
        ids.boxHill = (await quote({ firstName: 'Quill', suburb: 'Box Hill North', email: 'quill@filter.test' })).id;
        ids.richmond = (await quote({ firstName: 'Quill', suburb: 'Richmond', email: 'quill2@filter.test' })).id;
        await staff.patch(`/api/quote-request/${ids.richmond}`, { status: 'won' });
      });
      const list = async (path: string) => {
        const res = await staff.get<Listed<{ id: string }>>(path);
        expect(res.status, path).toBe(200);
        return {
          ids: res.body.map((item) => item.id),
          total: Number(res.headers.get('x-total-count')),
          next: res.headers.get('x-next-cursor'),
        };
      };

      it('filters by one status, newest first, counted', async () => {
        const quoted = await list('/api/project-inquiries?status=quoted');
        expect(quoted).toMatchObject({ ids: [ids.yusuf, ids.zara], total: 2, next: null });
        expect((await list('/api/quote-requests?status=won')).ids).toEqual([ids.richmond]);
        expect((await list('/api/quote-requests?status=lost&q=quill')).total).toBe(0);
      });

      it('searches first and last name, email, phone digits and suburb, case-insensitively', async () => {
        expect((await list('/api/project-inquiries?q=ZA')).ids).toEqual([ids.yusuf, ids.zane, ids.zara]);
        expect((await list('/api/project-inquiries?q=zan')).ids).toEqual([ids.zane]);
        expect((await list('/api/project-inquiries?q=zamora')).ids).toEqual([ids.yusuf]);
        expect((await list('/api/project-inquiries?q=zara%20quin')).ids).toEqual([ids.zara]);
        expect((await list('/api/project-inquiries?q=zara.q%40filter')).ids).toEqual([ids.zara]);
        expect((await list('/api/project-inquiries?q=0433%20111')).ids).toEqual([ids.zara]);
        expect((await list('/api/project-inquiries?q=%2B61%2039123')).ids).toEqual([ids.zane]);
        expect((await list('/api/project-inquiries?q=0391234567')).ids).toEqual([ids.zane]);
        expect((await list('/api/quote-requests?q=box%20hill')).ids).toEqual([ids.boxHill]);
        expect((await list('/api/quote-requests?q=north')).ids).toEqual([ids.boxHill]);
        expect((await list('/api/project-inquiries?q=nobody-matches')).total).toBe(0);
      });

      it('combines status and search, and pages them with cursors and the total', async () => {
        const first = await list('/api/project-inquiries?status=quoted&q=z&limit=1');
        expect(first).toMatchObject({ ids: [ids.yusuf], total: 2 });
        expect(first.next).toBeTruthy();
        const second = await list(`/api/project-inquiries?status=quoted&q=z&limit=1&cursor=${encodeURIComponent(first.next ?? '')}`);
        expect(second).toMatchObject({ ids: [ids.zara], total: 2, next: null });
      });

      it('treats an empty search as none, and refuses a bad status, a long search or a repeated parameter', async () => {
        const all = await list('/api/project-inquiries?q=&limit=200');
        expect(all.total).toBe(await t.app.store.inquiries.count());
        const bad: Array<[string, string, string]> = [
          ['/api/project-inquiries?status=archived', 'status', 'Status must be one of new, contacted, quoted, won, lost'],
          ['/api/quote-requests?status=', 'status', 'Status must be one of new, contacted, quoted, won, lost'],
          [`/api/quote-requests?q=${'a'.repeat(101)}`, 'q', 'Search must be at most 100 characters'],
          ['/api/project-inquiries?status=new&status=won', 'status', 'Invalid value'],
        ];
        for (const [path, field, message] of bad) {
          const res = await staff.get<ApiError>(path);
          expect(res.status, path).toBe(400);
          expect(res.body.errors?.[field], path).toBe(message);
        }
        expect((await t.client().get('/api/project-inquiries?status=new')).status).toBe(401);
      });
    });

    describe('GET /api/leads/stats', () => {
      it('counts new leads of both kinds and the median wait for first contact over the last 30 days', async () => {
        expect((await t.client().get('/api/leads/stats')).status).toBe(401);
        const before = await staff.get<LeadStats>('/api/leads/stats');
        expect(before.status).toBe(200);
        const newLeads = (await t.app.store.inquiries.count({ status: 'new' })) + (await t.app.store.quotes.count({ status: 'new' }));
        expect(before.body.waiting).toBe(newLeads);

        // Three leads contacted after waiting 1, 3 and 5 hours (the clock moves between arrival and contact).
        const hour = 3_600_000;
        const waits: number[] = [];
        for (const hours of [1, 3, 5]) {
          const lead = await quote({ firstName: `Median${hours}` });
          t.clock.advance(hours * hour);
          const res = await staff.patch<QuoteRequest>(`/api/quote-request/${lead.id}`, { status: 'contacted' });
          waits.push(Date.parse(res.body.firstContactAt ?? '') - Date.parse(lead.createdAt));
        }
        const after = await staff.get<LeadStats>('/api/leads/stats');
        expect(after.body.waiting).toBe(newLeads);
        expect(after.body.firstContacts).toBe(before.body.firstContacts + 3);
        // The median of every stored lead's wait, these three and those contacted earlier in this run.
        const { store } = t.app;
        const leads = [
          ...(await store.inquiries.find({ orderBy: 'createdAt', direction: 'desc', limit: 200 })).items,
          ...(await store.quotes.find({ orderBy: 'createdAt', direction: 'desc', limit: 200 })).items,
        ];
        const all = leads
          .flatMap((lead) => (lead.firstContactAt ? [Date.parse(lead.firstContactAt) - Date.parse(lead.createdAt)] : []))
          .sort((a, b) => a - b);
        expect(all).toHaveLength(after.body.firstContacts);
        expect(all).toEqual(expect.arrayContaining(waits));
        const mid = Math.floor(all.length / 2);
        expect(after.body.medianFirstContactMs).toBe(all.length % 2 ? all[mid] : Math.round((all[mid - 1] + all[mid]) / 2));

        // 31 days on, none of those first contacts is recent.
        t.clock.advance(31 * 24 * hour);
        staff = await t.adminClient(); // the session ended meanwhile
        expect((await staff.get<LeadStats>('/api/leads/stats')).body).toEqual({
          waiting: newLeads,
          // Reminders are off on this test server: no lead has a follow-up time (follow-up.test.ts covers them).
          overdue: 0,
          overdueByList: { inquiries: 0, quotes: 0 },
          medianFirstContactMs: null,
          firstContacts: 0,
        });
      });
    });
    describe('GET /api/project-inquiries and /api/quote-requests with ?overdue=1', () => {
      const hour = 3_600_000;
      const ids: Record<string, string> = {};
      /** Gives a lead the follow-up time a server with reminders on would have (this one has them off). */
      const dueIn = async (kind: 'inquiries' | 'quotes', id: string, ms: number) => {
        const followUpDueAt = new Date(t.clock.now().getTime() + ms).toISOString();
        expect(await t.app.store[kind].update(id, { followUpDueAt, followUp: 'pending' })).not.toBeNull();
      };
      beforeAll(async () => {
        ids.late = (await inquiry({ firstName: 'Late' })).id;
        ids.later = (await inquiry({ firstName: 'Later' })).id;
        ids.soon = (await inquiry({ firstName: 'Soon' })).id;
        ids.answered = (await inquiry({ firstName: 'Answered' })).id;
        ids.quote = (await quote({ firstName: 'Overdue' })).id;
        await dueIn('inquiries', ids.later, -1 * hour);
        await dueIn('inquiries', ids.late, -5 * hour);
        await dueIn('inquiries', ids.soon, hour);
        await dueIn('inquiries', ids.answered, -3 * hour);
        await dueIn('quotes', ids.quote, -2 * hour);
        await staff.patch(`/api/project-inquiry/${ids.answered}`, { status: 'contacted' });
      });
      const list = async (path: string) => {
        const res = await staff.get<Listed<{ id: string; messages: unknown[] }>>(path);
        expect(res.status, path).toBe(200);
        return { items: res.body, total: Number(res.headers.get('x-total-count')), next: res.headers.get('x-next-cursor') };
      };

      it('lists the new leads past their follow-up time, most overdue first, counted and paged, with their messages', async () => {
        const inquiries = await list('/api/project-inquiries?overdue=1');
        expect(inquiries.items.map((item) => item.id)).toEqual([ids.late, ids.later]);
        expect(inquiries.total).toBe(2);
        expect(inquiries.items[0].messages).toEqual(expect.any(Array));
        const first = await list('/api/project-inquiries?overdue=1&limit=1');
        expect(first).toMatchObject({ total: 2 });
        const second = await list(`/api/project-inquiries?overdue=1&limit=1&cursor=${encodeURIComponent(first.next ?? '')}`);
        expect([...first.items, ...second.items].map((item) => item.id)).toEqual([ids.late, ids.later]);
        expect(second.next).toBeNull();
        expect((await list('/api/quote-requests?overdue=1')).items.map((item) => item.id)).toEqual([ids.quote]);
        expect((await staff.get<LeadStats>('/api/leads/stats')).body).toMatchObject({
          overdue: 3,
          overdueByList: { inquiries: 2, quotes: 1 },
        });

        // Two hours on, the one due in an hour is overdue too.
        t.clock.advance(2 * hour);
        expect((await list('/api/project-inquiries?overdue=1')).items.map((item) => item.id)).toEqual([ids.late, ids.later, ids.soon]);
      });

      it('refuses overdue with a status or a search, and any value but 1', async () => {
        const bad: Array<[string, string]> = [
          ['/api/project-inquiries?overdue=1&status=new', overdueFilterMessage],
          ['/api/quote-requests?overdue=1&q=ava', overdueFilterMessage],
          ['/api/project-inquiries?overdue=yes', 'Overdue must be 1'],
        ];
        for (const [path, message] of bad) {
          const res = await staff.get<ApiError>(path);
          expect(res.status, path).toBe(400);
          expect(res.body.errors?.overdue, path).toBe(message);
        }
      });
    });

    describe("GET /api/project-inquiries and /api/quote-requests with ?lead= (a staff email's link)", () => {
      it('answers that one lead with its messages, whatever its age, and none once it is deleted', async () => {
        const linked = await inquiry({ firstName: 'Linked', email: 'linked@example.com' });
        // Newer leads push it off the list's first page; the link still finds it.
        for (let i = 0; i < 3; i += 1) await inquiry({ firstName: `Later${i}` });
        const first = await staff.get<Listed<Inquiry>>('/api/project-inquiries?limit=2');
        expect(first.body.map((item) => item.id)).not.toContain(linked.id);

        const res = await staff.get<Listed<Inquiry>>(`/api/project-inquiries?lead=${linked.id}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('x-total-count')).toBe('1');
        expect(res.headers.get('x-next-cursor')).toBeNull();
        expect(res.body).toHaveLength(1);
        expect(res.body[0]).toMatchObject({ id: linked.id, firstName: 'Linked', email: 'linked@example.com', status: 'new' });
        // The new lead's emails (the customer's acknowledgement and the staff alert) come with it, as on the list.
        expect(res.body[0].messages.length).toBeGreaterThan(0);

        const linkedQuote = await quote({ firstName: 'QuoteLinked' });
        const quoteRes = await staff.get<Listed<QuoteRequest>>(`/api/quote-requests?lead=${linkedQuote.id}`);
        expect(quoteRes.body.map((item) => item.id)).toEqual([linkedQuote.id]);
        // An inquiry's id on the quote list is no quote request.
        expect((await staff.get<Listed<QuoteRequest>>(`/api/quote-requests?lead=${linked.id}`)).body).toEqual([]);

        expect((await staff.delete(`/api/project-inquiry/${linked.id}`)).status).toBe(204);
        const gone = await staff.get<Listed<Inquiry>>(`/api/project-inquiries?lead=${linked.id}`);
        expect(gone.status).toBe(200);
        expect(gone.body).toEqual([]);
        expect(gone.headers.get('x-total-count')).toBe('0');
      });

      it('is for signed-in staff only', async () => {
        const linked = await inquiry();
        const res = await t.client().get<ApiError>(`/api/project-inquiries?lead=${linked.id}`);
        expect(res.status).toBe(401);
      });

      it('refuses a lead with a status, a search or overdue, and anything that is not an id', async () => {
        const bad: Array<[string, string]> = [
          ['/api/project-inquiries?lead=abc&status=new', leadLinkFilterMessage],
          ['/api/quote-requests?lead=abc&q=ava', leadLinkFilterMessage],
          ['/api/project-inquiries?lead=abc&overdue=1', leadLinkFilterMessage],
          ['/api/project-inquiries?lead=..%2Fsecrets', leadIdMessage],
          ['/api/quote-requests?lead=', leadIdMessage],
          [`/api/project-inquiries?lead=${'a'.repeat(65)}`, leadIdMessage],
        ];
        for (const [path, message] of bad) {
          const res = await staff.get<ApiError>(path);
          expect(res.status, path).toBe(400);
          expect(res.body.errors?.lead, path).toBe(message);
        }
      });
    });
  });
}
