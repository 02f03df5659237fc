/**
 * Visits over HTTP, on SQLite and on the Firestore adapter (Google's emulator): crawlers and
 * signed-in admins leave nothing, and the daily counts hold unique visitors beside page views.
 */
import type { Visitor, VisitorDay } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/ports/store';
import { runMaintenance } from '../src/services/maintenance';
import { visitorDay } from '../src/services/unique-visitors';
import { browserAgent, startTestApp, type TestApp } from './harness';
import { businessTimeZone } from '@site/domain/calendar';

const firestoreStore = () => emulatorStore('visitors');

const firefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';
const crawlers = {
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Headless Chrome': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'a script': 'python-requests/2.32.3',
};

describeVisitors('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describeVisitors('Firestore', firestoreStore);
});

function describeVisitors(name: string, makeStore: (() => Store) | undefined) {
  describe(`Visitors on ${name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ trustProxy: 1 }, makeStore);
    });
    afterAll(() => t.close());

    const visit = (page: string, userAgent: string, ip: string) =>
      t.client().post('/api/visits', { page }, { 'user-agent': userAgent, 'x-forwarded-for': ip });
    const visitsTo = async (page: string) => {
      const list = await (await t.adminClient()).get<Visitor[]>('/api/visitors?limit=100');
      return list.body.filter((v) => v.page === page);
    };
    const today = async () => {
      const res = await (await t.adminClient()).get<VisitorDay[]>(`/api/visitors/daily?days=2&timeZone=${businessTimeZone}`);
      expect(res.status).toBe(200);
      return res.body[1];
    };

    it('answers crawlers and bots as anyone else but stores nothing of them', async () => {
      for (const [who, userAgent] of Object.entries(crawlers)) {
        const res = await visit('/services?crawler', userAgent, '66.249.66.1');
        expect(res.status, who).toBe(204);
      }
      expect(await visitsTo('/services?crawler')).toEqual([]);
      expect(await t.app.store.visitorDays.count()).toBe(0);
    });

    it("stores nothing of a signed-in admin's visits, and counts them again once signed out", async () => {
      const admin = await t.adminClient();
      const page = '/gallery?admin';
      const headers = { 'user-agent': browserAgent, 'x-forwarded-for': '198.51.100.20' };
      expect((await admin.post('/api/visits', { page }, headers)).status).toBe(204);
      expect(await visitsTo(page)).toEqual([]);
      expect((await admin.post('/api/logout')).status).toBe(204);
      expect((await admin.post('/api/visits', { page }, headers)).status).toBe(204);
      expect(await visitsTo(page)).toHaveLength(1);
    });

    it('counts each visitor once a day however many pages they view, keeping a key instead of who they are', async () => {
      const before = await today();
      expect(before.day).toBe(visitorDay(t.clock.now()));
      await visit('/uniques', browserAgent, '203.0.113.1');
      await visit('/uniques', browserAgent, '203.0.113.1');
      await visit('/uniques', browserAgent, '203.0.113.1');
      await visit('/uniques', firefox, '203.0.113.1');
      await visit('/uniques', browserAgent, '203.0.113.2');
      const after = await today();
      expect(after.count - before.count).toBe(5);
      expect(after.unique - before.unique).toBe(3);

      const stored = await visitsTo('/uniques');
      const keys = stored.map((v) => v.visitorKey);
      expect(new Set(keys).size).toBe(3);
      for (const key of keys) {
        expect(key).toMatch(/^[\w-]{32}$/);
        expect(key).not.toContain('203.0.113');
      }
    });

    it('gives the same visitor another key the next day, and forgets old salts and markers', async () => {
      await visit('/next-day', firefox, '203.0.113.9');
      t.clock.advance(86400_000);
      await visit('/next-day', firefox, '203.0.113.9');
      const [first, second] = (await visitsTo('/next-day')).sort((a, b) => a.visitedAt.localeCompare(b.visitedAt));
      expect(first.visitorKey).toBeDefined();
      expect(second.visitorKey).not.toBe(first.visitorKey);
      expect((await today()).unique).toBe(1);

      const ctx = t.app.context;
      const saltsBefore = await t.app.store.visitorSalts.count();
      t.clock.advance(2 * 86400_000);
      const report = await runMaintenance(t.app.store, ctx.uploads, ctx.clock, { visitorRetentionDays: 90, auditRetentionDays: 365 });
      expect(report.visitorSalts).toBe(saltsBefore);
      expect(await t.app.store.visitorSalts.count()).toBe(0);
      t.clock.advance(90 * 86400_000);
      await runMaintenance(t.app.store, ctx.uploads, ctx.clock, { visitorRetentionDays: 90, auditRetentionDays: 365 });
      expect(await t.app.store.visitorDays.count()).toBe(0);
    });
  });
}
