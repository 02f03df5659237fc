/**
 * Where leads come from, over HTTP, on SQLite and on the Firestore adapter (Google's emulator):
 * the source a form sends is kept with the channel derived from it, a bad one is refused, and
 * the Sources view's figures per channel and campaign.
 */
import type { Inquiry, LeadSourcesReport, LeadStatus, QuoteRequest } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/ports/store';
import { goodInquiry, goodQuote, startTestApp, type TestApp } from './harness';

const firestoreStore = () => emulatorStore('lead-sources');

type ApiError = { message: string; errors: Record<string, string> };

describeLeadSources('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describeLeadSources('Firestore', firestoreStore);
});

function describeLeadSources(name: string, makeStore: (() => Store) | undefined) {
  describe(`Lead sources on ${name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({}, makeStore);
    });
    afterAll(() => t.close());

    it('keeps the source an inquiry or quote request sends, with its channel; without one a lead is Direct', async () => {
      const source = {
        utmSource: 'google',
        utmMedium: 'cpc',
        utmCampaign: 'spring-kitchens',
        gclid: 'abc',
        landingPage: '/',
        // Keys the site does not know are dropped, not refused.
        colour: 'blue',
      };
      const inquiry = await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, source });
      expect(inquiry.status).toBe(201);
      const quote = await t.client().post<QuoteRequest>('/api/quote-request', {
        ...goodQuote,
        source: { referrerHost: 'M.Facebook.com', landingPage: '/gallery' },
      });
      expect(quote.status).toBe(201);
      const direct = await t.client().post<QuoteRequest>('/api/quote-request', { ...goodQuote, email: 'direct@example.com' });

      const admin = await t.adminClient();
      const inquiries = await admin.get<Inquiry[]>('/api/project-inquiries');
      const stored = inquiries.body.find((lead) => lead.id === inquiry.body.id);
      expect(stored).toMatchObject({
        channel: 'Paid search',
        source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring-kitchens', gclid: 'abc', landingPage: '/' },
      });
      expect(stored?.source).not.toHaveProperty('colour');
      const quotes = await admin.get<QuoteRequest[]>('/api/quote-requests');
      expect(quotes.body.find((lead) => lead.id === quote.body.id)).toMatchObject({
        channel: 'Social',
        source: { referrerHost: 'm.facebook.com', landingPage: '/gallery' },
      });
      const plain = quotes.body.find((lead) => lead.id === direct.body.id);
      expect(plain?.channel).toBe('Direct');
      expect(plain).not.toHaveProperty('source');
    });

    it('refuses a bad source with 400 naming the field, and stores nothing', async () => {
      const store = t.app.store;
      const before = (await store.inquiries.count()) + (await store.quotes.count());
      const bad: Array<[Record<string, unknown>, string]> = [
        [{ utmCampaign: 'spring\nkitchens' }, 'source.utmCampaign'],
        [{ utmSource: 'x'.repeat(201) }, 'source.utmSource'],
        [{ referrerHost: 'https://evil.example/path' }, 'source.referrerHost'],
        [{ landingPage: 'gallery' }, 'source.landingPage'],
        [{ gclid: 'a\u0000b' }, 'source.gclid'],
      ];
      for (const [source, field] of bad) {
        const res = await t.client().post<ApiError>('/api/project-inquiry', { ...goodInquiry, source });
        expect(res.status, field).toBe(400);
        expect(res.body.errors[field], field).toBeTruthy();
        expect(res.body.message).toBe(res.body.errors.source);
      }
      const notAnObject = await t.client().post<ApiError>('/api/quote-request', { ...goodQuote, source: 'google' });
      expect(notAnObject.status).toBe(400);
      expect(notAnObject.body.errors.source).toBeTruthy();
      expect((await store.inquiries.count()) + (await store.quotes.count())).toBe(before);
    });

    it('counts leads, quoted and won per channel and per campaign over a period, for admins only', async () => {
      const store = t.app.store;
      const base = Date.parse('2025-06-01T00:00:00.000Z');
      const at = (day: number) => new Date(base + day * 86400_000).toISOString();
      let n = 0;
      const lead = async (day: number, status: LeadStatus, origin: Partial<Pick<Inquiry, 'source' | 'channel'>>, kind = 'inquiry') => {
        const common = { status, history: [], createdAt: at(day), updatedAt: at(day), ...origin };
        if (kind === 'inquiry')
          await store.inquiries.insert({
            id: `src-i${n++}`,
            ...goodInquiry,
            rooms: ['kitchen'],
            budget: '15000-30000',
            timeline: 'asap',
            ...common,
          });
        else await store.quotes.insert({ id: `src-q${n++}`, ...goodQuote, room: 'Kitchen', ...common });
      };
      const spring = { source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring-kitchens' }, channel: 'Paid search' } as const;
      const summer = {
        source: { utmSource: 'facebook', utmMedium: 'cpc', utmCampaign: 'summer-wardrobes' },
        channel: 'Paid social',
      } as const;
      await lead(1, 'new', spring);
      await lead(2, 'quoted', spring);
      await lead(3, 'won', spring, 'quote');
      await lead(4, 'lost', spring);
      await lead(5, 'won', summer, 'quote');
      await lead(6, 'contacted', { source: { referrerHost: 'www.google.com' }, channel: 'Organic search' });
      // A lead from before sources: no channel, so Direct.
      await lead(7, 'won', {});
      await lead(8, 'new', { channel: 'Direct' }, 'quote');
      // Outside the period.
      await lead(-1, 'won', spring);
      await lead(40, 'won', spring);

      const admin = await t.adminClient();
      const res = await admin.get<LeadSourcesReport>(`/api/leads/sources?from=${at(0)}&to=${at(30)}`);
      expect(res.status).toBe(200);
      const byChannel = Object.fromEntries(res.body.channels.map(({ channel, ...figures }) => [channel, figures]));
      expect(res.body.channels.map((c) => c.channel)).toEqual([
        'Paid search',
        'Paid social',
        'Organic search',
        'Social',
        'Email',
        'Referral',
        'Direct',
      ]);
      expect(byChannel).toEqual({
        'Paid search': { leads: 4, quoted: 2, won: 1 },
        'Paid social': { leads: 1, quoted: 1, won: 1 },
        'Organic search': { leads: 1, quoted: 0, won: 0 },
        Social: { leads: 0, quoted: 0, won: 0 },
        Email: { leads: 0, quoted: 0, won: 0 },
        Referral: { leads: 0, quoted: 0, won: 0 },
        Direct: { leads: 2, quoted: 1, won: 1 },
      });
      expect(res.body.campaigns).toEqual([
        { channel: 'Paid search', campaign: 'spring-kitchens', leads: 4, quoted: 2, won: 1 },
        { channel: 'Paid social', campaign: 'summer-wardrobes', leads: 1, quoted: 1, won: 1 },
      ]);
      expect(res.body).toMatchObject({ from: at(0), to: at(30), campaignLeadsRead: 8, campaignsComplete: true });

      expect((await t.client().get('/api/leads/sources')).status).toBe(401);
      for (const query of ['from=yesterday', `from=${at(5)}&to=${at(1)}`, `from=${at(0)}&to=${at(400)}`]) {
        const refused = await admin.get<ApiError>(`/api/leads/sources?${query}`);
        expect(refused.status, query).toBe(400);
        expect(refused.body.errors.from ?? refused.body.errors.to, query).toBe(refused.body.message);
      }
    });
  });
}
