import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMaintenance } from '../src/services/maintenance';
import { browserAgent, goodInquiry, goodQuote, goodReview, startTestApp, type TestApp } from './harness';
import { isolatedPaths, unisolatedPaths } from './opener-policy-paths';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ heartbeatMs: 200 });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends CSP without inline scripts, HSTS, nosniff, Referrer-Policy and frame-ancestors', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('isolates the admin area, the API and a customer’s project and booking links from other windows (COOP), and not the public pages or a review request’s links', async () => {
    // And an address the server does not know, and a public page asked for with a trailing slash.
    for (const path of [...isolatedPaths, '/nothing-here']) {
      expect((await t.client().get(path)).headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
    }
    for (const path of [...unisolatedPaths, '/services/']) {
      expect((await t.client().get(path)).headers.get('cross-origin-opener-policy'), path).toBeNull();
    }
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.client().get<{ message: string }>('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Not found');
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin and stores nothing', async () => {
    const before = await t.app.store.inquiries.count();
    const res = await t.client().post<{ message: string }>('/api/project-inquiry', goodInquiry, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-site requests are not allowed');
    const fetchSite = await t.client().post('/api/project-inquiry', goodInquiry, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.status).toBe(403);
    expect(await t.app.store.inquiries.count()).toBe(before);
  });

  it('accepts our own origin', async () => {
    const res = await t.client().post('/api/project-inquiry', goodInquiry, { origin: t.url, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(201);
  });
});

describe('bad bodies', () => {
  it('answers malformed JSON, non-object bodies, oversized bodies and other content types without a 500', async () => {
    const client = t.client();
    const malformed = await client.request<{ message: string }>('POST', '/api/review', {
      body: '{"customerName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Malformed JSON body');
    const array = await client.request<{ message: string }>('POST', '/api/review', { json: [goodReview] });
    expect(array.status).toBe(400);
    const scalar = await client.request<{ message: string }>('POST', '/api/review', {
      body: '"just a string"',
      headers: { 'content-type': 'application/json' },
    });
    expect(scalar.status).toBe(400);
    expect(scalar.body.message).toBe('Malformed JSON body');
    const big = await client.post<{ message: string }>('/api/review', { ...goodReview, reviewText: 'x'.repeat(40_000) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Request body is too large');
    const gzipped = await client.request<{ message: string }>('POST', '/api/review', {
      body: '{}',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(gzipped.status).toBe(415);
    expect(gzipped.body.message).toBe('Unsupported content encoding');
    const empty = await client.request<{ errors: Record<string, string> }>('POST', '/api/review', {
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('customerName');
    const text = await client.request<{ errors: Record<string, string> }>('POST', '/api/review', {
      body: JSON.stringify(goodReview),
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    const form = await client.request('POST', '/api/quote-request', {
      body: 'firstName=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    const badCharset = await client.request<{ message: string }>('POST', '/api/review', {
      body: '{}',
      headers: { 'content-type': 'application/json; charset=klingon' },
    });
    expect(badCharset.status).toBe(415);
    expect(badCharset.body.message).toBe('Unsupported charset');
    expect(await t.app.store.reviews.count()).toBe(0);
  });

  it('caps each text field', async () => {
    const res = await t
      .client()
      .post<{ errors: Record<string, string> }>('/api/quote-request', { ...goodQuote, firstName: 'x'.repeat(51), suburb: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ firstName: 'Must be at most 50 characters', suburb: 'Must be at most 100 characters' });
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once an IP sends too many forms, and stores nothing more', async () => {
    const limited = await startTestApp({ formRateLimit: 3 });
    limited.clock.toWindowStart();
    try {
      for (let i = 0; i < 3; i++) expect((await limited.client().post('/api/quote-request', goodQuote)).status).toBe(201);
      const res = await limited.client().post('/api/review', goodReview);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.app.store.reviews.count()).toBe(0);
      limited.clock.advance(11 * 60 * 1000);
      expect((await limited.client().post('/api/review', goodReview)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('visits', () => {
  it('records page, user agent and IP, ignoring X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const res = await t
      .client()
      .post('/api/visits', { page: '/services' }, { 'user-agent': browserAgent, 'x-forwarded-for': '198.51.100.7' });
    expect(res.status).toBe(204);
    const admin = await t.adminClient();
    const visitors = await admin.get<Array<Record<string, unknown>>>('/api/visitors');
    expect(visitors.body[0]).toMatchObject({ page: '/services', userAgent: browserAgent, ipAddress: '127.0.0.1' });

    const proxied = await startTestApp({ trustProxy: 1 });
    try {
      await proxied.client().post('/api/visits', { page: '/' }, { 'user-agent': browserAgent, 'x-forwarded-for': '198.51.100.7' });
      const list = await (await proxied.adminClient()).get<Array<Record<string, unknown>>>('/api/visitors');
      expect(list.body[0]).toMatchObject({ page: '/', ipAddress: '198.51.100.7' });
    } finally {
      await proxied.close();
    }
  });

  it('counts visits per day in the asked time zone, and refuses a bad zone or day count', async () => {
    const admin = await t.adminClient();
    const ctx = t.app.context;
    const now = ctx.clock.now().getTime();
    await t.app.store.visitors.insert({ id: 'day-a', page: '/', visitedAt: new Date(now - 2 * 86400_000).toISOString() });
    await t.app.store.visitors.insert({ id: 'day-b', page: '/', visitedAt: new Date(now - 2 * 86400_000 + 1000).toISOString() });
    const res = await admin.get<Array<{ day: string; count: number }>>('/api/visitors/daily?days=7&timeZone=UTC');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(7);
    expect(res.body[6].day).toBe(new Date(now).toISOString().slice(0, 10));
    const twoDaysAgo = new Date(now - 2 * 86400_000).toISOString().slice(0, 10);
    expect(res.body.find((d) => d.day === twoDaysAgo)!.count).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/visitors/daily?timeZone=Mars/Base')).status).toBe(400);
    expect((await admin.get('/api/visitors/daily?days=0')).status).toBe(400);
    expect((await t.client().get('/api/visitors/daily')).status).toBe(401);
  });

  it('refuses a page that is not a path', async () => {
    for (const page of ['', 'https://evil.example/', 'about', '/a b', 'x'.repeat(600)]) {
      const res = await t.client().post<{ errors: Record<string, string> }>('/api/visits', { page });
      expect(res.status, page).toBe(400);
    }
  });

  it('deletes visits older than the retention period', async () => {
    const ctx = t.app.context;
    const old = { id: 'old-visit', page: '/', visitedAt: new Date(Date.now() - 91 * 86400_000).toISOString() };
    const recent = { id: 'recent-visit', page: '/', visitedAt: new Date(Date.now() - 89 * 86400_000).toISOString() };
    await t.app.store.visitors.insert(old);
    await t.app.store.visitors.insert(recent);
    const report = await runMaintenance(t.app.store, ctx.uploads, ctx.clock, { visitorRetentionDays: 90, auditRetentionDays: 365 });
    expect(report.visitors).toBe(1);
    expect(await t.app.store.visitors.get('old-visit')).toBeNull();
    expect(await t.app.store.visitors.get('recent-visit')).not.toBeNull();
  });
});

/** Reads Server-Sent Events from a response until `until` returns true or the stream ends. */
async function readEvents(response: globalThis.Response, until: (events: string[]) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { events, ended: true };
    buffer += decoder.decode(value, { stream: true });
    let split;
    while ((split = buffer.indexOf('\n\n')) !== -1) {
      events.push(buffer.slice(0, split));
      buffer = buffer.slice(split + 2);
    }
    if (until(events)) {
      await reader.cancel();
      return { events, ended: false };
    }
  }
}

describe('live events', () => {
  it('streams a change for every create, update and delete, with heartbeats', async () => {
    const admin = await t.adminClient();
    const stream = await fetch(t.url + '/api/events', { headers: { cookie: admin.cookie } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');

    const created = await t.client().post<{ id: string }>('/api/review', goodReview);
    await admin.post(`/api/review/${created.body.id}/approve`);
    await admin.delete(`/api/review/${created.body.id}`);
    await t.client().post('/api/quote-request', goodQuote);
    await t.client().post('/api/visits', { page: '/' }, { 'user-agent': browserAgent });

    const { events } = await readEvents(
      stream,
      (evs) => evs.filter((e) => e.startsWith('event: change')).length >= 5 && evs.some((e) => e.includes('heartbeat')),
    );
    const changes = events.filter((e) => e.startsWith('event: change')).map((e) => JSON.parse(e.split('data: ')[1]));
    expect(changes.slice(0, 3)).toEqual([
      { collection: 'reviews', op: 'create', id: created.body.id },
      { collection: 'reviews', op: 'update', id: created.body.id },
      { collection: 'reviews', op: 'delete', id: created.body.id },
    ]);
    expect(changes[3]).toMatchObject({ collection: 'quote_requests', op: 'create' });
    expect(changes[4]).toMatchObject({ collection: 'visitor_tracking', op: 'create' });
    expect(events.some((e) => e === ': heartbeat')).toBe(true);
  });

  it('ends the stream when the session ends', async () => {
    const admin = await t.adminClient();
    // The stream answers once it is subscribed to the session's end, so signing out right away is fair.
    const stream = await fetch(t.url + '/api/events', { headers: { cookie: admin.cookie } });
    const [result, logout] = await Promise.all([readEvents(stream, () => false), admin.post('/api/logout')]);
    expect(logout.status).toBe(204);
    expect(result.ended).toBe(true);
  });
});
