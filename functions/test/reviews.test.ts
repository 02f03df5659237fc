import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodReview, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('reviews', () => {
  it('stores a new review unapproved, hidden from the public until approved, never showing the email', async () => {
    const created = await t.client().post<Record<string, unknown>>('/api/review', { ...goodReview, approved: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...goodReview, approved: false });
    const id = created.body.id as string;

    const before = await t.client().get<Array<{ id: string }>>('/api/reviews');
    expect(before.body.map((r) => r.id)).not.toContain(id);

    const admin = await t.adminClient();
    const all = await admin.get<Array<{ id: string; approved: boolean; email?: string }>>('/api/reviews/all');
    expect(all.body.find((r) => r.id === id)).toMatchObject({ approved: false, email: 'charlotte@example.com' });

    const approved = await admin.post<{ approved: boolean }>(`/api/review/${id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.approved).toBe(true);

    const after = await t.client().get<Array<Record<string, unknown>>>('/api/reviews');
    const shown = after.body.find((r) => r.id === id);
    expect(shown).toEqual({
      id,
      customerName: goodReview.customerName,
      createdAt: created.body.createdAt,
      rating: 5,
      reviewText: goodReview.reviewText,
      verified: false,
    });
    expect(after.headers.get('x-total-count')).toBe('1');
  });

  it('treats an empty email as none', async () => {
    const res = await t.client().post<Record<string, unknown>>('/api/review', { ...goodReview, email: '' });
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('email');
    expect(await t.app.store.reviews.get(res.body.id as string)).not.toHaveProperty('email');
  });

  it('answers each field with the spec message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ customerName: 'A' }, 'customerName', 'Name must be at least 2 characters'],
      [{ reviewText: 'Too short' }, 'reviewText', 'Review must be at least 10 characters'],
      [{ rating: 0 }, 'rating', 'Please choose a rating from 1 to 5 stars'],
      [{ rating: 6 }, 'rating', 'Please choose a rating from 1 to 5 stars'],
      [{ rating: 4.5 }, 'rating', 'Please choose a rating from 1 to 5 stars'],
      [{ rating: '5' }, 'rating', 'Please choose a rating from 1 to 5 stars'],
      [{ email: 'nope' }, 'email', 'Please enter a valid email'],
    ];
    const before = await t.app.store.reviews.count();
    for (const [patch, field, message] of cases) {
      const res = await t.client().post<{ errors: Record<string, string> }>('/api/review', { ...goodReview, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
    expect(await t.app.store.reviews.count()).toBe(before);
  });

  it('lets only an admin approve or delete, with 404 for unknown ids', async () => {
    const created = await t.client().post<{ id: string }>('/api/review', goodReview);
    const anon = t.client();
    expect((await anon.post(`/api/review/${created.body.id}/approve`)).status).toBe(401);
    expect((await anon.delete(`/api/review/${created.body.id}`)).status).toBe(401);
    expect((await anon.get('/api/reviews/all')).status).toBe(401);
    expect((await t.app.store.reviews.get(created.body.id))?.approved).toBe(false);

    const admin = await t.adminClient();
    expect((await admin.post('/api/review/unknown/approve')).status).toBe(404);
    expect((await admin.delete(`/api/review/${created.body.id}`)).status).toBe(204);
    expect(await t.app.store.reviews.get(created.body.id)).toBeNull();
    expect((await admin.delete(`/api/review/${created.body.id}`)).status).toBe(404);
  });
});
