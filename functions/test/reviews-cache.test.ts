/**
 * GET /api/reviews from memory (services/public-reviews.ts): a strong ETag over the answer,
 * 304 for a browser that already has it, and a fresh page as soon as a review is approved,
 * deleted or added through the API; a change this process cannot hear of (another Cloud
 * Functions instance's) shows once the page is older than `reviewsCacheMs`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import type { Store } from '../src/ports/store';
import { goodReview, startTestApp, type Client, type TestApp } from './harness';

const reviewsCacheMs = 10_000;
let t: TestApp;
let admin: Client;
/** The same database without the app's change feed: what a second instance's writes look like to this one. */
let elsewhere: Store;
const dir = mkdtempSync(join(tmpdir(), 'reviews-cache-'));

beforeAll(async () => {
  elsewhere = createSqliteStore({ file: join(dir, 'site.sqlite') });
  t = await startTestApp({ reviewsCacheMs }, () => createSqliteStore({ file: join(dir, 'site.sqlite') }));
  admin = await t.adminClient();
});
afterAll(async () => {
  await t.close();
  await elsewhere.close();
  rmSync(dir, { recursive: true, force: true });
});

async function approvedReview(customerName: string): Promise<string> {
  const created = await t.client().post<{ id: string }>('/api/review', { ...goodReview, customerName });
  expect(created.status).toBe(201);
  expect((await admin.post(`/api/review/${created.body.id}/approve`)).status).toBe(200);
  return created.body.id;
}

const names = (body: unknown) => (body as Array<{ customerName: string }>).map((review) => review.customerName);

describe('the public reviews list', () => {
  it('answers with a strong ETag, and 304 with no body to a client that has that answer', async () => {
    await approvedReview('Olivia Tran');
    const first = await t.client().get('/api/reviews');
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['Olivia Tran']);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);

    const again = await t.client().get('/api/reviews', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Another version of the list (an older tag) gets the list.
    const stale = await t.client().get('/api/reviews', { 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('shows an approval at once: new body, new ETag, the old tag no longer 304', async () => {
    const before = await t.client().get('/api/reviews');
    const etag = before.headers.get('etag') ?? '';
    await approvedReview('Noah Williams');
    const after = await t.client().get('/api/reviews', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(names(after.body)).toContain('Noah Williams');
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.headers.get('x-total-count')).toBe(String(Number(before.headers.get('x-total-count')) + 1));
  });

  it('drops a deleted review at once', async () => {
    const id = await approvedReview('Mia Delete');
    const shown = await t.client().get('/api/reviews');
    expect(names(shown.body)).toContain('Mia Delete');
    expect((await admin.delete(`/api/review/${id}`)).status).toBe(204);
    const after = await t.client().get('/api/reviews', { 'if-none-match': shown.headers.get('etag') ?? '' });
    expect(after.status).toBe(200);
    expect(names(after.body)).not.toContain('Mia Delete');
  });

  it('keeps each page by its limit and cursor', async () => {
    const whole = await t.client().get('/api/reviews');
    const first = await t.client().get('/api/reviews?limit=1');
    expect((first.body as unknown[]).length).toBe(1);
    const cursor = first.headers.get('x-next-cursor') ?? '';
    expect(cursor).not.toBe('');
    const second = await t.client().get(`/api/reviews?limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(names(second.body)).toEqual(names(whole.body).slice(1, 2));
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect((await t.client().get('/api/reviews?limit=0')).status).toBe(400);
  });

  it('shows a change made by another instance once the kept page is older than reviewsCacheMs', async () => {
    const kept = await t.client().get('/api/reviews');
    const created = await elsewhere.reviews.insert({
      id: 'written-elsewhere',
      customerName: 'Liam Elsewhere',
      rating: 4,
      reviewText: 'Approved by an admin on another instance.',
      approved: true,
      verified: false,
      createdAt: t.clock.now().toISOString(),
    });
    expect(created.id).toBe('written-elsewhere');
    // Not heard of here: the kept page is still the answer.
    const soon = await t.client().get('/api/reviews', { 'if-none-match': kept.headers.get('etag') ?? '' });
    expect(soon.status).toBe(304);
    t.clock.advance(reviewsCacheMs);
    const later = await t.client().get('/api/reviews');
    expect(later.status).toBe(200);
    expect(names(later.body)[0]).toBe('Liam Elsewhere');
  });

  it('carries the security headers every answer has; HEAD gets the headers without the body', async () => {
    const { securityHeaderList } = await import('../src/http/security');
    const res = await t.client().get('/api/reviews');
    for (const [name, value] of securityHeaderList) expect(res.headers.get(name)).toBe(value);
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(res.text)));
    const head = await fetch(`${t.url}/api/reviews`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(res.headers.get('etag'));
    expect(head.headers.get('content-length')).toBe(res.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });

  it('refuses a bad limit or cursor with 400, as every list does', async () => {
    const bad = await t.client().get('/api/reviews?limit=0');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await t.client().get('/api/reviews?limit=1&limit=2')).status).toBe(400);
  });
});
