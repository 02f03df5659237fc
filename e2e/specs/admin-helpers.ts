import type { BookingAvailability, BookingInput, InquiryInput, QuoteInput, ReviewInput } from '@site/domain';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { adminCredentials } from '../support/server';

/** A name no other test in the worker uses, so each test finds its own records. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A mobile number of its own: the site sends a customer at most CUSTOMER_MESSAGES_PER_DAY
 * messages, so leads that shared one address or number would find theirs not sent. It is in
 * the allocated 0412 range: a random 04xx number may be no valid number (0479 801 947 is
 * not), and its SMS would then not be sent.
 */
const uniqueMobile = () => `0412${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1 $2 $3');

export function inquiry(overrides: Partial<InquiryInput> = {}): InquiryInput {
  const firstName = uniqueName('Ava');
  return {
    rooms: ['kitchen', 'bathroom'],
    budget: '50000+',
    timeline: '3-months',
    firstName,
    lastName: 'Nguyen',
    email: `${firstName.toLowerCase()}@example.com`,
    phone: uniqueMobile(),
    ...overrides,
  };
}

export function quote(overrides: Partial<QuoteInput> = {}): QuoteInput {
  const firstName = uniqueName('Liam');
  return {
    firstName,
    lastName: 'Smith',
    email: `${firstName.toLowerCase()}@example.com`,
    suburb: 'Richmond',
    room: 'Bathroom',
    ...overrides,
  };
}

export function review(overrides: Partial<ReviewInput> = {}): ReviewInput {
  return {
    customerName: uniqueName('Olivia'),
    rating: 4,
    reviewText: 'Beautiful kitchen, finished on time and on budget.',
    email: 'olivia@example.com',
    ...overrides,
  };
}

/** A site measure in Northcote at `start` (one of the free times), by a customer of its own. */
export function booking(start: string, overrides: Partial<BookingInput> = {}): BookingInput {
  const firstName = overrides.firstName ?? uniqueName('Mia');
  return {
    service: 'kitchen',
    start,
    street: '1 High Street',
    suburb: 'Northcote',
    postcode: '3070',
    firstName,
    lastName: 'Lee',
    email: `${firstName.toLowerCase()}@example.com`,
    mobile: uniqueMobile(),
    ...overrides,
  };
}

/** The free times a customer in Northcote is offered now. */
export async function freeTimes(request: APIRequestContext): Promise<BookingAvailability> {
  const response = await request.get('/api/booking/availability?postcode=3070&suburb=Northcote');
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as BookingAvailability;
}

/** Text matched literally inside a RegExp. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Stored {
  id: string;
}

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

export const seed = {
  inquiry: async (request: APIRequestContext, overrides: Partial<InquiryInput> = {}) => {
    const body = inquiry(overrides);
    return { ...body, ...(await created<Stored>(await request.post('/api/project-inquiry', { data: body }))) };
  },
  quote: async (request: APIRequestContext, overrides: Partial<QuoteInput> = {}) => {
    const body = quote(overrides);
    return { ...body, ...(await created<Stored>(await request.post('/api/quote-request', { data: body }))) };
  },
  review: async (request: APIRequestContext, overrides: Partial<ReviewInput> = {}) => {
    const body = review(overrides);
    return { ...body, ...(await created<Stored>(await request.post('/api/review', { data: body }))) };
  },
  /** A booked site measure (booking() with `overrides`), as the customer sent it. */
  booking: async (request: APIRequestContext, start: string, overrides: Partial<BookingInput> = {}) => {
    const body = booking(start, overrides);
    const made = await request.post('/api/bookings', { data: body });
    expect(made.status(), await made.text()).toBe(201);
    return body;
  },
  visit: async (request: APIRequestContext, page: string, userAgent?: string) => {
    const response = await request.post('/api/visits', { data: { page }, headers: userAgent ? { 'User-Agent': userAgent } : {} });
    expect(response.status()).toBe(204);
  },
};

/** X-Total-Count of an admin list, what the tab's count must show. */
export async function totalOf(adminApi: APIRequestContext, path: string): Promise<number> {
  const response = await adminApi.get(`${path}?limit=1`);
  expect(response.ok()).toBe(true);
  return Number(response.headers()['x-total-count']);
}

/** Signs in through the form on any server (the fixture's `signIn` uses the worker's). */
export async function signInAt(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(adminCredentials.username);
  await page.getByLabel('Password').fill(adminCredentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/admin');
}

/**
 * The dashboard has loaded its lists and its live channel is open. Generous: these machines
 * are shared and often loaded; how fast things are is measured, not asserted. A dashboard the
 * server drew (a lead tab loaded afresh) brings the app in at its first use, as the owner's
 * hand over the page would: a pointer moving over it is one.
 */
export async function dashboardReady(page: Page) {
  await expect(page.getByText('Logged in as')).toBeVisible({ timeout: 30_000 });
  await page.mouse.move(4, 4);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
}

export const tab = (page: Page, name: RegExp | string) => page.getByRole('tab', { name });

/** The card of one record, found by its heading. */
export const card = (page: Page, title: string) => page.getByRole('article', { name: title });

export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** A visit with no User-Agent header at all, which only a bare HTTP client can send. */
export function visitWithoutUserAgent(baseUrl: string, page: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ page });
    const req = httpRequest(
      `${baseUrl}/api/visits`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A TCP proxy in front of a server whose connections the test can cut, to drop the live
 * stream the way a flaky network or a restarting server would. While cut, it refuses new
 * connections too.
 */
export async function startCuttableProxy(upstreamPort: number) {
  const sockets = new Set<Socket>();
  let blocked = false;
  const proxy = createServer((client) => {
    if (blocked) {
      client.destroy();
      return;
    }
    const upstream = connect(upstreamPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (typeof address !== 'object' || !address) throw new Error('proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      blocked = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      blocked = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
