/**
 * GET /api/dashboard: the staff dashboard's first screen in one answer, the session with the
 * tab counts, the lead tabs' status counts, the header's lead figures, the delivery status and the go-live checklist. Each
 * part must say what its own route says, on SQLite and on the Firestore adapter (Google's
 * emulator); a stranger gets 401, and an admin who must still set up a second factor only
 * themselves.
 */
import { leadStatuses, type DashboardStart, type ApiError } from '@site/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/ports/store';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { admin, browserAgent, goodInquiry, goodQuote, goodReview, startTestApp, type Client, type TestApp } from './harness';

describeDashboard('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describeDashboard('Firestore', () => emulatorStore('dashboard'));
});

function describeDashboard(name: string, makeStore: (() => Store) | undefined) {
  describe(`The dashboard's first screen on ${name}`, () => {
    let t: TestApp;
    let staff: Client;
    beforeAll(async () => {
      t = await startTestApp({ trustProxy: 1 }, makeStore);
      staff = await t.adminClient();
    });
    afterAll(() => t.close());

    it('refuses a visitor who is not signed in with 401', async () => {
      const res = await t.client().get<ApiError>('/api/dashboard');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Not signed in');
    });

    it('answers the session, the counts, the lead figures, the delivery status and the checklist as their own routes do', async () => {
      const visitor = t.client();
      for (const email of ['ava@example.com', 'noah@example.com']) {
        expect((await visitor.post('/api/project-inquiry', { ...goodInquiry, email })).status).toBe(201);
      }
      expect((await visitor.post('/api/quote-request', goodQuote)).status).toBe(201);
      expect((await visitor.post('/api/review', goodReview)).status).toBe(201);
      const visit = await visitor.post(
        '/api/visits',
        { page: '/gallery' },
        { 'user-agent': browserAgent, 'x-forwarded-for': '198.51.100.7' },
      );
      expect(visit.status).toBe(204);

      const res = await staff.get<DashboardStart>('/api/dashboard');
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const { user, dashboard } = res.body;
      expect(user).toEqual((await staff.get('/api/user')).body);
      expect(user.username).toBe(admin.username);
      expect(dashboard?.counts).toEqual({ inquiries: 2, quotes: 1, reviews: 1, visitors: 1 });
      for (const [list, count] of [
        ['/api/project-inquiries', 2],
        ['/api/quote-requests', 1],
        ['/api/reviews/all', 1],
        ['/api/visitors', 1],
      ] as const) {
        expect((await staff.get(list)).headers.get('x-total-count'), list).toBe(String(count));
      }
      expect(dashboard?.leadStats).toEqual((await staff.get('/api/leads/stats')).body);
      expect(dashboard?.leadStats.waiting).toBe(3);
      expect(dashboard?.delivery).toEqual((await staff.get('/api/messages/status')).body);
      expect(dashboard?.checklist).toEqual((await staff.get('/api/settings/checklist')).body);
      expect(dashboard?.checklist.items.length).toBeGreaterThan(0);
    });

    it("answers the lead tabs' status counts as the lists filtered by each status count them", async () => {
      const [first] = (await staff.get<{ id: string }[]>('/api/project-inquiries')).body;
      expect((await staff.patch(`/api/project-inquiry/${first.id}`, { status: 'contacted' })).status).toBe(200);
      const { statusCounts } = (await staff.get<DashboardStart>('/api/dashboard')).body.dashboard!;
      expect(statusCounts.inquiries).toMatchObject({ new: 1, contacted: 1, quoted: 0 });
      expect(statusCounts.quotes).toMatchObject({ new: 1, contacted: 0 });
      for (const [list, counts] of [
        ['/api/project-inquiries', statusCounts.inquiries],
        ['/api/quote-requests', statusCounts.quotes],
      ] as const) {
        for (const status of leadStatuses) {
          const total = (await staff.get(`${list}?status=${status}&limit=1`)).headers.get('x-total-count');
          expect(total, `${list} ${status}`).toBe(String(counts[status]));
        }
      }
    });

    it('counts a lead deleted by the admin out at once', async () => {
      const before = (await staff.get<DashboardStart>('/api/dashboard')).body.dashboard!.counts.inquiries;
      const [first] = (await staff.get<{ id: string }[]>('/api/project-inquiries')).body;
      expect((await staff.delete(`/api/project-inquiry/${first.id}`)).status).toBe(204);
      expect((await staff.get<DashboardStart>('/api/dashboard')).body.dashboard?.counts.inquiries).toBe(before - 1);
    });

    it('answers 401 once the admin has signed out', async () => {
      const leaving = await t.adminClient();
      expect((await leaving.post('/api/logout')).status).toBe(204);
      expect((await leaving.get('/api/dashboard')).status).toBe(401);
    });
  });
}

describe('The dashboard of an admin who must still set up a second factor (REQUIRE_MFA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ requireMfa: true });
  });
  afterAll(() => t.close());

  it('answers only the admin, flagged, as the other admin routes refuse them', async () => {
    const staff = await t.adminClient();
    const res = await staff.get<DashboardStart>('/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: { id: expect.any(String), username: admin.username, mfaSetupRequired: true }, dashboard: null });
    expect((await staff.get('/api/settings/checklist')).status).toBe(403);
  });
});
