/**
 * GET /admin: for a signed-in owner the page carries the dashboard's first screen, rendered by
 * the server with the built web app's admin render entry (`npm run build` makes
 * web/dist-ssr/admin), so it shows the leads before any script runs; otherwise, and whenever the
 * render fails, it is the app's shell. The browser's side (the app taking the page over at the
 * first tap) is e2e/specs/admin-first-screen.spec.ts.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/embedded/logging';
import { defaultWebDist } from '../src/embedded/site';
import { adminPageFilesIn, screenWidthOf } from '../src/http/admin-page';
import type { BookingAvailability } from '@site/domain';
import { bookingCustomer, freeTimes } from './booking-fixtures';
import { admin, goodInquiry, goodQuote, startTestApp, type TestApp } from './harness';

const builtDir = join(defaultWebDist, '..', 'dist-ssr', 'admin');
const built = adminPageFilesIn(builtDir);
const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36';
const laptop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const stateScript = '<script type="application/json" id="admin-first-screen">';

describe('the screen width the first screen is laid out for', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as Parameters<typeof screenWidthOf>[0];
  it('takes the width Chromium states, else guesses a phone or a laptop from the browser', () => {
    expect(screenWidthOf(request({ 'sec-ch-viewport-width': '390', 'user-agent': laptop }))).toBe(390);
    expect(screenWidthOf(request({ 'sec-ch-viewport-width': 'wide', 'user-agent': phone }))).toBe(412);
    expect(screenWidthOf(request({ 'sec-ch-ua-mobile': '?1' }))).toBe(412);
    expect(screenWidthOf(request({ 'user-agent': laptop }))).toBe(1280);
    expect(screenWidthOf(request({}))).toBe(1280);
  });
});

describe.skipIf(!built)(
  built ? 'GET /admin with the first screen' : 'GET /admin with the first screen (skipped: run npm run build first)',
  () => {
    let t: TestApp;
    let cookie: string;
    let visitDay: BookingAvailability['days'][number];
    beforeAll(async () => {
      t = await startTestApp({}, undefined, undefined, undefined, { adminPage: built });
      const visitor = t.client();
      expect((await visitor.post('/api/project-inquiry', { ...goodInquiry, firstName: 'Marguerite', lastName: 'Okonkwo' })).status).toBe(
        201,
      );
      expect((await visitor.post('/api/quote-request', { ...goodQuote, firstName: 'Bartholomew', lastName: 'Quist' })).status).toBe(201);
      // A site measure booked on the third day offered: the calendar opens on it.
      visitDay = (await freeTimes(visitor)).days[2];
      const visit = { ...bookingCustomer, firstName: 'Cornelius', lastName: 'Ashdown', start: visitDay.slots[0].start };
      expect((await visitor.post('/api/bookings', visit)).status).toBe(201);
      cookie = (await t.adminClient()).cookie;
    }, 60_000);
    afterAll(() => t?.close());

    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(t.url + path, { headers: { 'user-agent': phone, ...headers } });
      return { status: res.status, text: await res.text(), headers: res.headers };
    };

    it('shows a signed-in owner the header, the tab counts and the newest inquiries, with the cache they came from', async () => {
      const { status, text, headers } = await page('/admin', { cookie });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(headers.get('cache-control')).toBe('private, no-store');
      expect(headers.get('vary')).toContain('Cookie');
      const root = text.slice(text.indexOf('<div id="root">'), text.indexOf(stateScript));
      expect(root).toContain('Admin Dashboard');
      expect(root).toContain(`Logged in as <strong>${admin.username}</strong>`);
      expect(root).toMatch(/Inquiries \(<!-- -->1<!-- -->\)|Inquiries \(1\)/);
      expect(root).toContain('Marguerite Okonkwo');
      // The quote request is in the other tab: counted, not listed.
      expect(root).not.toContain('Bartholomew Quist');
      expect(text).toContain(stateScript);
      // Emotion's rules for what was drawn travel with it; no module is asked for before the first paint.
      expect(text).toMatch(/<style data-emotion="css [^"]+">/);
      expect(text).not.toContain('rel="modulepreload"');
      expect(text).not.toContain('href="/api/dashboard"');
    });

    it('lays the list out for the screen: folded cards on a phone, open ones on a laptop', async () => {
      const onPhone = await page('/admin', { cookie });
      const onLaptop = await page('/admin', { cookie, 'user-agent': laptop });
      const cardOf = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>'));
      expect(cardOf(onPhone.text)).toContain('aria-expanded="false"');
      expect(cardOf(onLaptop.text)).toContain('Marguerite Okonkwo');
      expect(cardOf(onLaptop.text)).not.toContain('aria-expanded');
    });

    it('renders the quote requests tab and a filtered list', async () => {
      const quotes = await page('/admin?tab=quotes', { cookie });
      expect(quotes.text).toContain('Bartholomew Quist');
      expect(quotes.text).not.toContain('Marguerite Okonkwo');
      const won = await page('/admin?tab=inquiries&status=won', { cookie });
      expect(won.text).toContain(stateScript);
      expect(won.text).not.toContain('Marguerite Okonkwo');
    });

    it('renders the calendar on the next visit: its day on a phone, its week on a laptop; a day asked for opens there', async () => {
      const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(stateScript));
      // React writes a comment between a text's parts.
      const cornelius = /Cornelius(<!-- -->)? (<!-- -->)?Ashdown/;
      const onPhone = await page('/admin?tab=calendar', { cookie });
      expect(onPhone.status).toBe(200);
      expect(onPhone.text).toContain(stateScript);
      const phoneRoot = rootOf(onPhone.text);
      // The day's agenda, headed by the visit's day, with the visit, the booking hours' note and the feed.
      expect(phoneRoot).toMatch(new RegExp(`>${visitDay.label} \\d{4}</h3>`));
      expect(phoneRoot).toMatch(cornelius);
      expect(phoneRoot).toContain('Times are Melbourne time.');
      expect(phoneRoot).toContain('Calendar feed');
      expect(phoneRoot).toMatch(/href="webcal:\/\/[^"]+\.ics"/);
      expect(phoneRoot).not.toContain('Loading the calendar');

      const onLaptop = rootOf((await page('/admin?tab=calendar', { cookie, 'user-agent': laptop })).text);
      expect(onLaptop).toMatch(/>\d{1,2} \w+ to \d{1,2} \w+ \d{4}<\/h3>/);
      expect(onLaptop).toMatch(cornelius);

      // Three weeks on: an empty day, with "Next visit" to go back.
      const later = new Date(Date.parse(`${visitDay.date}T12:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
      const elsewhere = rootOf((await page(`/admin?tab=calendar&day=${later}`, { cookie })).text);
      expect(elsewhere).not.toMatch(cornelius);
      expect(elsewhere).toContain('Calendar feed');
      expect(elsewhere).not.toContain('Loading the calendar');
    });

    it('sends the app shell to a visitor without a session, for the other tabs and for a linked lead', async () => {
      for (const [path, headers] of [
        ['/admin', {}],
        ['/admin?tab=settings', { cookie }],
        ['/admin?tab=reviews', { cookie }],
        ['/admin?lead=abcdefghijklmnopqrst', { cookie }],
      ] as const) {
        const shell = await page(path, headers);
        expect(shell.status, path).toBe(200);
        expect(shell.text, path).toContain('<div id="root"></div>');
        expect(shell.text, path).toContain('rel="modulepreload"');
        expect(shell.text, path).not.toContain(stateScript);
        expect(shell.text, path).not.toContain('Marguerite');
        expect(shell.headers.get('cache-control'), path).toBe('private, no-store');
      }
    });

    it('sends the shell, and reports why, when the render fails', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'admin-page-'));
      for (const file of ['template.html', 'shell.html']) copyFileSync(join(builtDir, file), join(dir, file));
      writeFileSync(
        join(dir, 'admin-server.js'),
        'export const rendersFirstScreen = () => true;\nexport async function renderAdminPage() { throw new Error("the render broke"); }\n',
      );
      const logged: string[] = [];
      const broken = await startTestApp({}, undefined, undefined, undefined, {
        adminPage: adminPageFilesIn(dir),
        logger: createLogger('warn', { write: (line: string) => void logged.push(line) }),
      });
      try {
        const signedIn = await broken.adminClient();
        const res = await fetch(`${broken.url}/admin`, { headers: { cookie: signedIn.cookie } });
        expect(res.status).toBe(200);
        expect(await res.text()).toContain('<div id="root"></div>');
        expect(logged.join('\n')).toContain('The dashboard could not be rendered on the server');
        expect(logged.join('\n')).toContain('the render broke');
      } finally {
        await broken.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
