/**
 * "Job done" on a won lead (POST /api/leads/{kind}/{id}/job-done), on both stores: a history
 * entry with the day, refused for a lead not won, a second time, a day after today or a day
 * that is not one, and recorded in the audit trail.
 */
import { jobDoneMessages, jobDoneOn, type ApiError, type AuditEntry, type Inquiry, type QuoteRequest } from '@site/domain';
import { storesUnderTest } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodInquiry, goodQuote, startTestApp, testPolicy, testSettings, type Client, type TestApp } from './harness';
import { businessTimeZone } from '@site/domain/calendar';

/** Melbourne's day (yyyy-MM-dd) `days` from now. */
const melbourneDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone }).format(new Date(Date.now() + days * 24 * 3600 * 1000));

const stores = storesUnderTest('job-done');

describe.each(stores)('job done on %s', (_name, makeStore, runs) => {
  let t: TestApp;
  let staff: Client;

  beforeAll(async () => {
    if (!runs) return;
    t = await startTestApp({}, makeStore, undefined, undefined, {
      delivery: { policy: testPolicy, configured: { email: null, sms: null } },
      settings: testSettings,
    });
    staff = await t.adminClient();
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(!runs)('marks a won lead done on a day, once, as a history entry the card reads', async () => {
    const lead = (await t.client().post<Inquiry>('/api/project-inquiry', goodInquiry)).body;
    const early = await staff.post<ApiError>(`/api/leads/inquiry/${lead.id}/job-done`, { on: melbourneDay() });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(jobDoneMessages.notWon);

    expect((await staff.patch(`/api/project-inquiry/${lead.id}`, { status: 'won' })).status).toBe(200);
    const yesterday = melbourneDay(-1);
    const done = await staff.post<Inquiry & { messages: unknown[] }>(`/api/leads/inquiry/${lead.id}/job-done`, { on: yesterday });
    expect(done.status).toBe(201);
    expect(done.body.history.at(-1)).toMatchObject({ by: 'staff', event: 'job-done', on: yesterday });
    expect(done.body.messages).toEqual(expect.any(Array));
    const stored = await t.app.store.inquiries.get(lead.id);
    expect(jobDoneOn(stored!.history)).toBe(yesterday);

    const again = await staff.post<ApiError>(`/api/leads/inquiry/${lead.id}/job-done`, { on: melbourneDay() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(jobDoneMessages.already);
    expect((await t.app.store.inquiries.get(lead.id))!.history).toHaveLength(stored!.history.length);

    const audit = await staff.get<AuditEntry[]>('/api/audit?limit=5');
    expect(audit.body.find((entry) => entry.action === 'lead.job_done')).toMatchObject({
      target: `inquiry:${lead.id}`,
      detail: `Ava Nguyen, ${yesterday}`,
    });
  });

  it.skipIf(!runs)('refuses a day after today or not a day with 400, an unknown lead or kind with 404, and needs a sign-in', async () => {
    const quote = (await t.client().post<QuoteRequest>('/api/quote-request', goodQuote)).body;
    expect((await staff.patch(`/api/quote-request/${quote.id}`, { status: 'won' })).status).toBe(200);
    for (const on of [melbourneDay(2), '2026-02-30', 'tomorrow', 20261201, undefined]) {
      const refused = await staff.post<ApiError>(`/api/leads/quote/${quote.id}/job-done`, on === undefined ? {} : { on });
      expect(refused.status, String(on)).toBe(400);
      expect(refused.body.errors?.on, String(on)).toBe(jobDoneMessages.day);
    }
    expect((await t.app.store.quotes.get(quote.id))!.history.some((entry) => entry.event === 'job-done')).toBe(false);
    expect((await staff.post(`/api/leads/quote/${'x'.repeat(20)}/job-done`, { on: melbourneDay() })).status).toBe(404);
    expect((await staff.post(`/api/leads/review/${quote.id}/job-done`, { on: melbourneDay() })).status).toBe(404);
    expect((await t.client().post(`/api/leads/quote/${quote.id}/job-done`, { on: melbourneDay() })).status).toBe(401);
    expect((await staff.post(`/api/leads/quote/${quote.id}/job-done`, { on: melbourneDay() })).status).toBe(201);
  });
});
