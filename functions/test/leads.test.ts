import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageDelivery } from '@site/domain';
import { goodInquiry, goodQuote, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/project-inquiry', () => {
  it('stores the inquiry and answers 201 with the stored record', async () => {
    const res = await t.client().post<Record<string, unknown>>('/api/project-inquiry', goodInquiry);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(goodInquiry);
    expect(res.body.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Date(res.body.createdAt as string).toISOString()).toBe(res.body.createdAt);
    expect(await t.app.store.inquiries.get(res.body.id as string)).toEqual(res.body);
  });

  it('never takes id, createdAt or approved from the client and drops unknown fields', async () => {
    const res = await t.client().post<Record<string, unknown>>('/api/project-inquiry', {
      ...goodInquiry,
      id: 'chosen-by-client',
      createdAt: '2000-01-01T00:00:00.000Z',
      approved: true,
      isAdmin: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe('chosen-by-client');
    expect(res.body.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(res.body).not.toHaveProperty('approved');
    expect(res.body).not.toHaveProperty('isAdmin');
    expect(await t.app.store.inquiries.get('chosen-by-client')).toBeNull();
  });

  it('answers each contact field with the spec message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ firstName: '   ' }, 'firstName', 'First name is required'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email'],
      [{ email: '' }, 'email', 'Please enter a valid email'],
      [{ phone: '12345' }, 'phone', 'Please enter a valid phone number'],
      [{ rooms: [] }, 'rooms', 'Please select at least one room'],
      [{ rooms: ['garage'] }, 'rooms', 'Please select at least one room'],
      [{ budget: '1-2' }, 'budget', 'Please select a budget'],
      [{ timeline: 'never' }, 'timeline', 'Please select a timeline'],
    ];
    const before = await t.app.store.inquiries.count();
    for (const [patch, field, message] of cases) {
      const res = await t.client().post<{ message: string; errors: Record<string, string> }>('/api/project-inquiry', {
        ...goodInquiry,
        ...patch,
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.errors[field]).toBe(message);
      expect(res.body.message).toBe(message);
    }
    expect(await t.app.store.inquiries.count()).toBe(before);
  });

  it('accepts the 50000+ budget that admin labels show', async () => {
    const res = await t.client().post('/api/project-inquiry', { ...goodInquiry, budget: '50000+' });
    expect(res.status).toBe(201);
  });

  it('queues the staff alert, the confirmation email and the SMS with the inquiry, and lists them on it', async () => {
    const res = await t
      .client()
      .post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, email: 'queued@example.com', phone: '0499 999 999' });
    const admin = await t.adminClient();
    const list = await admin.get<Array<{ id: string; messages: MessageDelivery[] }>>('/api/project-inquiries?limit=100');
    const { messages } = list.body.find((item) => item.id === res.body.id) ?? { messages: [] };
    expect(messages.map(({ channel, audience, to, status, attempts }) => ({ channel, audience, to, status, attempts }))).toEqual([
      { channel: 'email', audience: 'staff', to: 'office@example.com', status: 'queued', attempts: 0 },
      { channel: 'email', audience: 'customer', to: 'queued@example.com', status: 'queued', attempts: 0 },
      { channel: 'sms', audience: 'customer', to: '+61499999999', status: 'queued', attempts: 0 },
    ]);
  });

  it('records that a landline gets no SMS, and why', async () => {
    const res = await t.client().post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, phone: '(03) 9123 4567' });
    const messages = (await t.app.store.messages.forLeads([res.body.id])).get(res.body.id) ?? [];
    expect(messages.find((m) => m.channel === 'sms')).toMatchObject({
      status: 'skipped',
      to: '(03) 9123 4567',
      error: 'No SMS: (03) 9123 4567 is not a mobile number',
    });
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await t.app.store.inquiries.count();
    const res = await t.client().post<Record<string, unknown>>('/api/project-inquiry', { ...goodInquiry, website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Ava' });
    expect(await t.app.store.inquiries.count()).toBe(before);
  });
});

describe('POST /api/quote-request', () => {
  it('stores the quote request', async () => {
    const res = await t.client().post<Record<string, unknown>>('/api/quote-request', goodQuote);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(goodQuote);
    expect(await t.app.store.quotes.get(res.body.id as string)).toEqual(res.body);
  });

  it('answers each field with the spec message', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: '' }, 'firstName', 'First name is required'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ email: 'x@' }, 'email', 'Please enter a valid email'],
      [{ suburb: '' }, 'suburb', 'Suburb is required'],
      [{ room: '' }, 'room', 'Please select a room'],
      [{ room: 'kitchen' }, 'room', 'Please select a room'],
      [{ room: undefined }, 'room', 'Please select a room'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.client().post<{ errors: Record<string, string> }>('/api/quote-request', { ...goodQuote, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    }
  });
});

describe('admin reads and deletes of leads', () => {
  it('lists inquiries and quote requests newest first with totals and cursors', async () => {
    const admin = await t.adminClient();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await t.client().post('/api/quote-request', { ...goodQuote, firstName: `Q${i}` });
    }
    const total = await t.app.store.quotes.count();
    const first = await admin.get<Array<{ firstName: string }>>('/api/quote-requests?limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(total));
    expect(first.body.map((q) => q.firstName)).toEqual(['Q2', 'Q1']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const second = await admin.get<Array<{ firstName: string }>>(`/api/quote-requests?limit=2&cursor=${cursor}`);
    expect(second.body[0].firstName).toBe('Q0');

    const inquiries = await admin.get<unknown[]>('/api/project-inquiries');
    expect(inquiries.status).toBe(200);
    expect(inquiries.body.length).toBe(await t.app.store.inquiries.count());
  });

  it('rejects a bad limit or cursor with 400', async () => {
    const admin = await t.adminClient();
    expect((await admin.get('/api/project-inquiries?limit=0')).status).toBe(400);
    expect((await admin.get('/api/project-inquiries?limit=1000')).status).toBe(400);
    expect((await admin.get('/api/project-inquiries?limit=abc')).status).toBe(400);
    expect((await admin.get('/api/project-inquiries?cursor=garbage')).status).toBe(400);
    expect((await admin.get('/api/project-inquiries?limit=1&limit=2')).status).toBe(400);
  });

  it('deletes an inquiry and a quote request, then answers 404 for them', async () => {
    const admin = await t.adminClient();
    const inquiry = await t.client().post<{ id: string }>('/api/project-inquiry', goodInquiry);
    expect((await admin.delete(`/api/project-inquiry/${inquiry.body.id}`)).status).toBe(204);
    expect(await t.app.store.inquiries.get(inquiry.body.id)).toBeNull();
    expect((await admin.delete(`/api/project-inquiry/${inquiry.body.id}`)).status).toBe(404);
    expect((await admin.delete('/api/project-inquiry/..%2F..%2Fetc')).status).toBe(404);

    const quote = await t.client().post<{ id: string }>('/api/quote-request', goodQuote);
    expect((await t.client().delete(`/api/quote-request/${quote.body.id}`)).status).toBe(401);
    expect((await admin.delete(`/api/quote-request/${quote.body.id}`)).status).toBe(204);
    expect(await t.app.store.quotes.get(quote.body.id)).toBeNull();
  });
});
