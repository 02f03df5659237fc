/**
 * Quotes the customer accepts online, over real HTTP on SQLite: drafts with their totals and
 * each refusal's message, autosave, sending (the customer's email with the PDF and their
 * link), the PDF's text read back, versions and the replaced link, the customer's page,
 * accepting once (recorded with its SHA-256), declining with a reason in the lead's history,
 * tampered links, an expired quote, the deposit cap at $19,999.99 and $20,000.00, bank
 * transfer without Stripe keys, and Stripe Checkout through a local stand-in of its API with
 * the webhook's signature checked and a repeated event handled once.
 */
import {
  attachmentMessages,
  attachmentLimits,
  limits,
  quoteAnswerMessages,
  quoteLeadIdsMessage,
  type AuditEntry,
  quoteMessages,
  type ApiError,
  type CustomerPage,
  type CustomerQuote,
  type DepositAnswer,
  type Quote,
  type QuoteRequest,
  type SiteSettings,
} from '@site/domain';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import sharp from 'sharp';
import Stripe from 'stripe';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeCheckout } from '../src/adapters/stripe/checkout';
import { canonicalJson, depositPaidMessages } from '../src/services/quotes';
import { samplePdf, upload } from './attachments-support';
import { goodInquiry, goodQuote, startTestApp, testSettings, type Client, type TestApp } from './harness';

const day = 24 * 3_600_000;
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const bank = { depositPercent: null, bankAccountName: 'Northcote Kitchens Pty Ltd', bankBsb: '063000', bankAccountNumber: '12345678' };
const withBank: SiteSettings = { ...testSettings, business: { ...testSettings.business, abn: '51824753556' }, payments: bank };

async function start(extra: Parameters<typeof startTestApp>[4] = {}) {
  const t = await startTestApp({}, undefined, undefined, undefined, { settings: withBank, ...extra });
  apps.push(t);
  return t;
}

const kitchen = {
  items: [
    { description: 'Demolition and removal', quantity: 1, unit: 'job', unitPriceCents: 150_000 },
    { description: 'Laminate benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 33_333, group: 'Benchtop' },
    { description: 'Stone benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 95_000, group: 'Benchtop' },
    { description: 'Soft-close drawers', quantity: 4, unit: 'each', unitPriceCents: 12_550, optional: true },
  ],
  notes: 'Price includes delivery.',
  terms: 'Deposit on acceptance; balance on completion.',
};

async function lead(t: TestApp): Promise<QuoteRequest> {
  const res = await t.client().post<QuoteRequest>('/api/quote-request', goodQuote);
  expect(res.status).toBe(201);
  return res.body;
}

function messagesOf(t: TestApp, leadId: string) {
  const db = new Database(`${t.dir}/site.sqlite`, { readonly: true });
  try {
    return db
      .prepare('SELECT id, recipient, subject, body, audience, channel, attachments FROM messages WHERE leadId = ? ORDER BY createdAt, id')
      .all(leadId) as Array<{
      id: string;
      recipient: string;
      subject: string | null;
      body: string;
      audience: string;
      channel: string;
      attachments: string | null;
    }>;
  } finally {
    db.close();
  }
}

const pdfsOf = (row: { attachments: string | null }) =>
  (JSON.parse(row.attachments ?? '[]') as Array<{ filename: string; contentType: string; content: string; encoding?: string }>).filter(
    (file) => file.contentType === 'application/pdf',
  );

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

const linkOf = (text: string) => {
  const match = /https:\/\/renovations\.example\.com\/your-project\?t=([A-Za-z0-9_.-]+)/.exec(text);
  if (!match) throw new Error(`no customer link in: ${text}`);
  return match[1];
};

/** A lead with a quote sent: the admin's client, the quote and the customer's token. */
async function sentQuote(t: TestApp, draft: object = kitchen) {
  const staff = await t.adminClient();
  const customer = await lead(t);
  const created = await staff.post<Quote>(`/api/leads/quote/${customer.id}/quotes`, draft);
  expect(created.status).toBe(201);
  const sent = await staff.post<Quote>(`/api/quotes/${created.body.id}/send`);
  expect(sent.status).toBe(200);
  const email = messagesOf(t, customer.id).find((row) => row.id.endsWith(`${created.body.id}-sent-1`));
  expect(email).toBeDefined();
  return { staff, lead: customer, quote: sent.body, token: linkOf(email!.body) };
}

const accept = (client: Client, token: string, quoteId: string, body: object = { name: 'Jack Smith', acceptTerms: true }) =>
  client.post<CustomerQuote & ApiError>(`/api/customer/${token}/quotes/${quoteId}/accept`, body, { 'user-agent': 'QuoteTest/1.0' });

describe('drafts', () => {
  it('creates a draft with its totals, rounded once per line, and autosaves it', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const customer = await lead(t);
    const res = await staff.post<Quote>(`/api/leads/quote/${customer.id}/quotes`, kitchen);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'draft',
      version: 1,
      number: 'Q-0001',
      validDays: 30,
      leadKind: 'quote',
      leadId: customer.id,
    });
    // 150,000 + 3.5 × 33,333 = 116,665.5 → 116,666; the stone and the drawers are not chosen by default.
    expect(res.body.totals).toMatchObject({ subtotalCents: 266_666, gstCents: 26_667, totalCents: 293_333 });
    expect(res.body.totals.lines.map((line) => line.included)).toEqual([true, true, false, false]);

    const saved = await staff.put<Quote>(`/api/quotes/${res.body.id}`, { ...kitchen, validDays: 14, items: kitchen.items.slice(0, 1) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: res.body.id,
      validDays: 14,
      totals: { subtotalCents: 150_000, gstCents: 15_000, totalCents: 165_000 },
    });

    const list = await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`);
    expect(list.body.items.map((quote) => [quote.id, quote.status])).toEqual([[res.body.id, 'draft']]);
    const second = await staff.post<Quote>(`/api/leads/quote/${customer.id}/quotes`, kitchen);
    expect(second.body.number).toBe('Q-0002');
  });

  it('refuses bad input with the field message and stores nothing', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const customer = await lead(t);
    const item = kitchen.items[0];
    const cases: Array<[object, string, string]> = [
      [{ items: [{ ...item, quantity: -1 }] }, 'items.0.quantity', quoteMessages.quantity],
      [{ items: [{ ...item, unitPriceCents: 10.5 }] }, 'items.0.unitPriceCents', quoteMessages.unitPrice],
      [{ items: [] }, 'items', quoteMessages.empty],
      [{ items: [{ ...item, description: '' }] }, 'items.0.description', quoteMessages.description],
      [{ items: [item], validDays: 0 }, 'validDays', quoteMessages.validDays],
      [{ items: [{ ...item, group: 'A', optional: true }] }, 'items', quoteMessages.groupAllOptional],
      [{ items: [{ ...item, section: 'C'.repeat(61) }] }, 'items.0.section', quoteMessages.section],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff.post<ApiError>(`/api/leads/quote/${customer.id}/quotes`, body);
      expect(res.status, field).toBe(400);
      expect(res.body.errors?.[field], field).toBe(message);
    }
    expect((await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items).toEqual([]);
    expect((await t.client().post(`/api/leads/quote/${customer.id}/quotes`, kitchen)).status).toBe(401);
    expect((await staff.post(`/api/leads/quote/nobody/quotes`, kitchen)).status).toBe(404);
    expect((await staff.post(`/api/leads/review/${customer.id}/quotes`, kitchen)).status).toBe(404);
  });

  it('refuses a deposit setting above the legal cap with its reason', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const before = await staff.get<{ version: number }>('/api/settings');
    const res = await staff.put<ApiError>('/api/settings', { version: before.body.version, payments: { ...bank, depositPercent: 12 } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.['payments.depositPercent']).toBe(quoteMessages.depositPercent(10));
    const bsb = await staff.put<ApiError>('/api/settings', { version: before.body.version, payments: { ...bank, bankBsb: '12345' } });
    expect(bsb.body.errors?.['payments.bankBsb']).toBe('BSB: 6 digits');
    const good = await staff.put('/api/settings', { version: before.body.version, payments: { ...bank, depositPercent: 5 } });
    expect(good.status).toBe(200);
    // The bank account is not public.
    const visitor = await t.client().get<{ settings: Record<string, unknown> }>('/api/settings');
    expect(visitor.body.settings.payments).toBeUndefined();
  });
});

describe('a page of lead cards', () => {
  it("reads every lead's quotes in one request, none for a lead without any or of another kind", async () => {
    const t = await start();
    const staff = await t.adminClient();
    const first = await lead(t);
    const second = await lead(t);
    const bare = await lead(t);
    const inquiry = (await t.client().post<{ id: string }>('/api/project-inquiry', goodInquiry)).body;
    const a = (await staff.post<Quote>(`/api/leads/quote/${first.id}/quotes`, kitchen)).body;
    const b = (await staff.post<Quote>(`/api/leads/quote/${second.id}/quotes`, kitchen)).body;
    const c = (await staff.post<Quote>(`/api/leads/inquiry/${inquiry.id}/quotes`, kitchen)).body;

    const res = await staff.get<{ items: Record<string, Quote[]> }>(
      `/api/leads/quote/quotes?ids=${[first.id, second.id, bare.id, inquiry.id, 'no-such-lead'].join(',')}`,
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.items).sort()).toEqual([first.id, second.id, bare.id, inquiry.id, 'no-such-lead'].sort());
    expect(res.body.items[first.id]).toEqual([a]);
    expect(res.body.items[second.id]).toEqual([b]);
    expect(res.body.items[bare.id]).toEqual([]);
    // The inquiry's quote is on the inquiry list's request, not the quote requests'.
    expect(res.body.items[inquiry.id]).toEqual([]);
    expect(res.body.items['no-such-lead']).toEqual([]);
    // The same as each lead's own list.
    expect((await staff.get<{ items: Quote[] }>(`/api/leads/quote/${first.id}/quotes`)).body.items).toEqual(res.body.items[first.id]);
    expect((await staff.get<{ items: Record<string, Quote[]> }>(`/api/leads/inquiry/quotes?ids=${inquiry.id}`)).body.items).toEqual({
      [inquiry.id]: [c],
    });
  });

  it('refuses no ids, too many, or one that is not an id, with 400; 404 for another kind; staff only', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const tooMany = Array.from({ length: limits.quoteLeadsPerRequest + 1 }, (_, i) => `lead${i}`).join(',');
    for (const query of ['', '?ids=', `?ids=${tooMany}`, '?ids=a,,b', '?ids=a,..%2Fb', '?ids=a&ids=b']) {
      const res = await staff.get<ApiError>(`/api/leads/quote/quotes${query}`);
      expect(res.status, query).toBe(400);
      expect([quoteLeadIdsMessage, 'Repeated or nested query parameter: ids'], query).toContain(res.body.message);
    }
    // An id that is an object's special key is only a key: no quotes, no error.
    const proto = await staff.get<{ items: Record<string, unknown> }>('/api/leads/quote/quotes?ids=__proto__,constructor');
    expect(proto.status).toBe(200);
    expect(Object.keys(proto.body.items).sort()).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(proto.body.items, '__proto__')?.value).toEqual([]);
    expect((await staff.get(`/api/leads/review/quotes?ids=a`)).status).toBe(404);
    expect((await t.client().get(`/api/leads/quote/quotes?ids=a`)).status).toBe(401);
  });
});

describe('sending and the PDF', () => {
  it('freezes the version, emails the PDF and the link, marks the lead quoted, and the PDF reads back', async () => {
    const t = await start();
    const { staff, lead: customer, quote, token } = await sentQuote(t);
    expect(quote).toMatchObject({ status: 'sent', version: 1 });
    expect(Date.parse(quote.validUntil!) - Date.parse(quote.sentAt!)).toBe(30 * day);
    expect((await staff.post<ApiError>(`/api/quotes/${quote.id}/send`)).status).toBe(409);

    const [email] = messagesOf(t, customer.id).filter((row) => row.id.includes(quote.id));
    expect(email).toMatchObject({
      recipient: goodQuote.email,
      audience: 'customer',
      subject: 'Your quote Q-0001 from Northcote Kitchens & Bathrooms',
    });
    const [attached] = pdfsOf(email);
    expect(attached).toMatchObject({ filename: 'quote-Q-0001-v1.pdf', encoding: 'base64' });
    const mailed = await pdfText(Buffer.from(attached.content, 'base64'));

    const res = await fetch(`${t.url}/api/quotes/${quote.id}/pdf`, { headers: { cookie: staff.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toBe(mailed);
    for (const expected of [
      'Northcote Kitchens & Bathrooms',
      'ABN 51 824 753 556',
      '12 Example Street, Richmond VIC 3121',
      'Quote Q-0001, version 1',
      'For Jack Smith',
      'Valid until',
      'Choose one: Benchtop',
      'Laminate benchtop [Option (chosen)]',
      'Stone benchtop [Option]',
      'Soft-close drawers [Optional]',
      'Subtotal (excluding GST)',
      '$2,666.66',
      'GST (10%)',
      '$266.67',
      'Total including GST',
      '$2,933.33',
      'Deposit (10% of the total including GST)',
      '$293.33',
      'Price includes delivery.',
      'Deposit on acceptance; balance on completion.',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await t.client().get(`/api/quotes/${quote.id}/pdf`)).status).toBe(401);

    const leads = await staff.get<QuoteRequest[]>('/api/quote-requests');
    const stored = leads.body.find((item) => item.id === customer.id)!;
    expect(stored.status).toBe('quoted');
    expect(stored.history.at(-1)).toMatchObject({ status: 'quoted', note: 'Quote Q-0001 version 1 sent', by: 'staff' });

    // The customer's page: their request, this quote, no drafts, no staff-only fields; the PDF.
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.lead).toMatchObject({ kind: 'quote', firstName: 'Jack', lastName: 'Smith' });
    expect(page.body.quotes).toHaveLength(1);
    expect(page.body.quotes[0]).toMatchObject({ id: quote.id, status: 'sent', expired: false, totals: { totalCents: 293_333 } });
    expect(page.body.quotes[0]).not.toHaveProperty('leadId');
    expect(page.body.depositMethods).toEqual({ card: false, bank: true });
    await staff.post(`/api/leads/quote/${customer.id}/quotes`, kitchen);
    expect((await t.client().get<CustomerPage>(`/api/customer/${token}`)).body.quotes).toHaveLength(1);
    const customerPdf = await fetch(`${t.url}/api/customer/${token}/quotes/${quote.id}/pdf`);
    expect(customerPdf.status).toBe(200);
    expect(await pdfText(new Uint8Array(await customerPdf.arrayBuffer()))).toContain('Quote Q-0001, version 1');
  });

  it('prints each section under its heading, in order, with its items and its subtotal excluding GST', async () => {
    const t = await start();
    const sectioned = {
      items: [
        { description: 'Site protection', quantity: 1, unitPriceCents: 20_000 },
        { description: 'Base cabinets', quantity: 1, unitPriceCents: 500_000, section: '  Cabinetry ' },
        { description: 'Pantry unit', quantity: 1, unitPriceCents: 250_000, section: 'Cabinetry' },
        { description: 'Laminate benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 33_333, group: 'Benchtop', section: 'Benchtops' },
        { description: 'Stone benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 95_000, group: 'Benchtop', section: 'Benchtops' },
        { description: 'Tapware', quantity: 2, unit: 'each', unitPriceCents: 45_000, section: 'Plumbing' },
        { description: 'Filter tap', quantity: 1, unitPriceCents: 80_000, optional: true, section: 'Plumbing' },
      ],
    };
    const { staff, quote } = await sentQuote(t, sectioned);
    const sections = quote.items.map((item) => item.section);
    expect(sections).toEqual([undefined, 'Cabinetry', 'Cabinetry', 'Benchtops', 'Benchtops', 'Plumbing', 'Plumbing']);
    const res = await fetch(`${t.url}/api/quotes/${quote.id}/pdf`, { headers: { cookie: staff.cookie } });
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    // Each expected piece after the one before: the unsectioned item first, then each heading, its items and its subtotal.
    const inOrder = [
      'Site protection',
      'Cabinetry',
      'Base cabinets',
      'Pantry unit',
      'Cabinetry subtotal (excluding GST)',
      '$7,500.00',
      'Benchtops',
      'Choose one: Benchtop',
      'Laminate benchtop [Option (chosen)]',
      'Stone benchtop [Option]',
      // 3.5 m × $333.33, rounded once; the stone (not chosen) is not counted.
      'Benchtops subtotal (excluding GST)',
      '$1,166.66',
      'Plumbing',
      'Tapware',
      'Filter tap [Optional]',
      'Plumbing subtotal (excluding GST)',
      '$900.00',
      'Subtotal (excluding GST)',
      '$9,766.66',
    ];
    let from = 0;
    for (const expected of inOrder) {
      const at = text.indexOf(expected, from);
      expect(at, `${expected} after ${text.slice(0, from).slice(-40)}`).toBeGreaterThanOrEqual(from);
      from = at + expected.length;
    }
  });
});

describe('the customer', () => {
  it('accepts once with a choice and an optional item: recorded with its SHA-256, the lead won, both sides emailed the PDF', async () => {
    const t = await start();
    const { staff, lead: customer, quote, token } = await sentQuote(t);
    const anonymous = t.client();
    const missing = await anonymous.post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/accept`, { name: 'Jack Smith' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.acceptTerms).toBe('Tick the box to accept the terms');
    const wrongChoice = await accept(anonymous, token, quote.id, { name: 'Jack Smith', acceptTerms: true, choices: { Benchtop: 0 } });
    expect(wrongChoice.status).toBe(400);
    expect(wrongChoice.body.errors?.choices).toBe(quoteMessages.choice);

    const selection = { choices: { Benchtop: 2 }, optionalItems: [3] };
    const res = await accept(anonymous, token, quote.id, { name: 'Jack Smith', acceptTerms: true, ...selection });
    expect(res.status).toBe(200);
    // 150,000 + 332,500 + 50,200 = 532,700; GST 53,270; total 585,970; deposit 10%.
    expect(res.body).toMatchObject({ status: 'accepted', acceptance: { name: 'Jack Smith', selection, totals: { totalCents: 585_970 } } });
    expect(res.body.deposit).toMatchObject({ percent: 10, cents: 58_597, status: 'none', reference: 'Q-0001' });
    expect(res.body.acceptance).not.toHaveProperty('ip');

    const again = await accept(anonymous, token, quote.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(quoteAnswerMessages.alreadyAnswered);

    const [stored] = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items;
    expect(stored.acceptance).toMatchObject({ ip: '127.0.0.1', userAgent: 'QuoteTest/1.0' });
    const expectedHash = createHash('sha256')
      .update(
        canonicalJson({
          number: 'Q-0001',
          version: 1,
          items: kitchen.items,
          validDays: 30,
          notes: kitchen.notes,
          terms: kitchen.terms,
          selection,
        }),
      )
      .digest('hex');
    expect(stored.acceptance?.sha256).toBe(expectedHash);

    const leads = await staff.get<QuoteRequest[]>('/api/quote-requests');
    const won = leads.body.find((item) => item.id === customer.id)!;
    expect(won.status).toBe('won');
    expect(won.history.at(-1)).toMatchObject({
      status: 'won',
      by: 'customer',
      note: 'Quote Q-0001 version 1 accepted by Jack Smith: $5,859.70 including GST',
    });
    expect(won.quoteSummary).toEqual({
      quoteId: quote.id,
      number: 'Q-0001',
      version: 1,
      status: 'accepted',
      totalCents: 585_970,
      deposit: { status: 'none', cents: 58_597 },
    });

    const accepted = messagesOf(t, customer.id).filter((row) => row.id.includes(`${quote.id}-accepted`));
    expect(accepted.map((row) => [row.audience, row.recipient])).toEqual([
      ['customer', goodQuote.email],
      ['staff', 'office@example.com'],
    ]);
    for (const row of accepted) {
      const [file] = pdfsOf(row);
      const text = await pdfText(Buffer.from(file.content, 'base64'));
      expect(text).toContain('Accepted by Jack Smith');
      expect(text).toContain('Stone benchtop [Option (chosen)]');
      expect(text).toContain('Soft-close drawers [Optional (added)]');
      expect(text).toContain('$5,859.70');
      expect(text).toContain(expectedHash);
    }
  });

  it('declines with a reason: the lead is lost with it in its history', async () => {
    const t = await start();
    const { staff, lead: customer, quote, token } = await sentQuote(t);
    const res = await t
      .client()
      .post<CustomerQuote>(`/api/customer/${token}/quotes/${quote.id}/decline`, { reason: 'Went with another builder' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'declined', declined: { reason: 'Went with another builder' } });
    const leads = await staff.get<QuoteRequest[]>('/api/quote-requests');
    const lost = leads.body.find((item) => item.id === customer.id)!;
    expect(lost.status).toBe('lost');
    expect(lost.history.at(-1)).toMatchObject({ status: 'lost', note: 'Quote Q-0001 version 1 declined: Went with another builder' });
    const late = await accept(t.client(), token, quote.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(quoteAnswerMessages.declined);
    const tooLong = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/decline`, { reason: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.reason).toBe('Reason: at most 1000 characters');
  });

  it('answers 404 for a tampered or foreign link, and 410 for an expired quote', async () => {
    const t = await start();
    const { quote, token } = await sentQuote(t);
    // The last character differs in its unused bits too (base64url): the one spelling of the signature counts.
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const middle = token.length - 10;
    const tampered = `${token.slice(0, middle)}${token[middle] === 'x' ? 'y' : 'x'}${token.slice(middle + 1)}`;
    expect((await t.client().get(`/api/customer/${token.slice(0, -1)}${last}`)).status).toBe(404);
    for (const path of [`/api/customer/${tampered}`, `/api/customer/nonsense`, `/api/customer/${tampered}/quotes/${quote.id}/pdf`]) {
      expect((await t.client().get(path)).status, path).toBe(404);
    }
    expect((await accept(t.client(), tampered, quote.id)).status).toBe(404);
    // Another customer's link does not reach this quote.
    const other = await sentQuote(t);
    expect((await accept(t.client(), other.token, quote.id)).status).toBe(404);

    t.clock.advance(31 * day);
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes[0].expired).toBe(true);
    const late = await accept(t.client(), token, quote.id);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(quoteAnswerMessages.expired);
  });

  it('makes version 2 from an edit of a sent quote; sending it replaces version 1, whose link says so', async () => {
    const t = await start();
    const { staff, quote, token } = await sentQuote(t);
    const edited = await staff.put<Quote>(`/api/quotes/${quote.id}`, { ...kitchen, notes: 'Now with a splashback.' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ number: 'Q-0001', version: 2, status: 'draft', notes: 'Now with a splashback.' });
    expect(edited.body.id).not.toBe(quote.id);
    // A second edit of the sent version goes on to the same draft.
    const again = await staff.put<Quote>(`/api/quotes/${quote.id}`, { ...kitchen, notes: 'Splashback included.' });
    expect(again.body.id).toBe(edited.body.id);
    expect((await t.client().get<CustomerPage>(`/api/customer/${token}`)).body.quotes.map((q) => q.version)).toEqual([1]);

    expect((await staff.post(`/api/quotes/${edited.body.id}/send`)).status).toBe(200);
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes.map((q) => [q.version, q.status])).toEqual([
      [2, 'sent'],
      [1, 'replaced'],
    ]);
    expect(page.body.quotes[1].replacedBy).toBe(edited.body.id);
    const old = await accept(t.client(), token, quote.id);
    expect(old.status).toBe(410);
    expect(old.body.message).toBe(quoteAnswerMessages.replaced);
    expect((await accept(t.client(), token, edited.body.id)).status).toBe(200);
    expect((await staff.put<ApiError>(`/api/quotes/${edited.body.id}`, kitchen)).status).toBe(409);
  });

  it('goes with its lead: deleting the lead deletes its quotes, and the link finds nothing', async () => {
    const t = await start();
    const { staff, lead: customer, quote, token } = await sentQuote(t);
    expect((await staff.delete(`/api/quote-request/${customer.id}`)).status).toBe(204);
    expect((await t.client().get(`/api/customer/${token}`)).status).toBe(404);
    expect((await staff.get(`/api/quotes/${quote.id}/pdf`)).status).toBe(404);
  });
});

describe('the deposit', () => {
  /** A quote of one line whose total including GST is `totalCents` (GST rounds to it exactly here). */
  const oneLine = (subtotalCents: number) => ({
    items: [{ description: 'Kitchen renovation', quantity: 1, unitPriceCents: subtotalCents }],
  });

  it('is 10% of $19,999.99 and 5% of $20,000.00, and paid by bank transfer without Stripe keys', async () => {
    const t = await start();
    for (const [subtotal, total, percent, deposit] of [
      [1_818_181, 1_999_999, 10, 199_999],
      [1_818_182, 2_000_000, 5, 100_000],
    ]) {
      const { quote, token } = await sentQuote(t, oneLine(subtotal));
      expect(quote.totals.totalCents).toBe(total);
      const before = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      expect(before.status).toBe(409);
      expect(before.body.message).toBe(quoteAnswerMessages.notAccepted);
      const res = await accept(t.client(), token, quote.id);
      expect(res.body.deposit).toMatchObject({ percent, cents: deposit });
      const answer = await t.client().post<DepositAnswer>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        kind: 'bank',
        accountName: bank.bankAccountName,
        bsb: '063000',
        accountNumber: '12345678',
        reference: quote.number,
        amountCents: deposit,
      });
      const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
      expect(page.body.quotes[0].deposit).toMatchObject({ status: 'pending', method: 'bank' });
    }
  });

  it('without Stripe keys or bank details, says no way to pay is set up; the webhook is not there', async () => {
    const t = await start({ settings: testSettings });
    const { quote, token } = await sentQuote(t);
    await accept(t.client(), token, quote.id);
    const res = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(quoteAnswerMessages.noDepositMethod);
    expect((await t.client().post('/api/stripe/webhook', {})).status).toBe(404);
  });

  describe('by card through Stripe Checkout', () => {
    let stand: Server;
    let apiUrl = '';
    const sessions: Array<Record<string, string>> = [];
    const webhookSecret = 'whsec_testsecret';
    beforeAll(async () => {
      // Stripe's API as far as Checkout goes: form-encoded in, a session out.
      stand = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        req.on('end', () => {
          if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions' || req.headers.authorization !== 'Bearer sk_test_standin') {
            res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Unknown request' } }));
            return;
          }
          const form = Object.fromEntries(new URLSearchParams(raw));
          sessions.push(form);
          const id = `cs_test_${sessions.length}`;
          res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${sessions.length}` }).end(
            JSON.stringify({
              id,
              object: 'checkout.session',
              url: `https://checkout.stripe.test/pay/${id}`,
              metadata: { quoteId: form['metadata[quoteId]'] },
            }),
          );
        });
      });
      await new Promise<void>((done) => stand.listen(0, '127.0.0.1', done));
      const address = stand.address();
      apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    });
    afterAll(() => new Promise<void>((done) => stand.close(() => done())));

    const signed = (event: object, secret = webhookSecret) => {
      const payload = JSON.stringify(event);
      return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    };
    const deliver = (t: TestApp, { payload, header }: { payload: string; header: string }) =>
      t.client().request<{ handled?: boolean } & ApiError>('POST', '/api/stripe/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
      });

    it('opens Checkout for the deposit; a bad signature changes nothing; a paid session marks it paid, once', async () => {
      const t = await start({ checkout: createStripeCheckout({ secretKey: 'sk_test_standin', webhookSecret, apiUrl }) });
      const { staff, lead: customer, quote, token } = await sentQuote(t);
      expect((await t.client().get<CustomerPage>(`/api/customer/${token}`)).body.depositMethods).toEqual({ card: true, bank: true });
      await accept(t.client(), token, quote.id);
      const answer = await t.client().post<DepositAnswer>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ kind: 'checkout', url: `https://checkout.stripe.test/pay/cs_test_${sessions.length}` });
      const form = sessions.at(-1)!;
      expect(form).toMatchObject({
        mode: 'payment',
        'metadata[quoteId]': quote.id,
        'line_items[0][price_data][currency]': 'aud',
        'line_items[0][price_data][unit_amount]': '29333',
        customer_email: goodQuote.email,
      });
      // Back from Checkout to the customer's own page.
      expect(form.success_url).toBe(`https://renovations.example.com/your-project?t=${token}&deposit=done`);
      expect(form.cancel_url).toBe(`https://renovations.example.com/your-project?t=${token}`);
      const sessionId = `cs_test_${sessions.length}`;
      const paid = {
        id: 'evt_paid_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: 'paid',
            metadata: { quoteId: quote.id },
            client_reference_id: quote.id,
          },
        },
      };
      const forged = await deliver(t, signed(paid, 'whsec_wrongsecret'));
      expect(forged.status).toBe(400);
      const pending = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items[0];
      expect(pending.deposit).toMatchObject({ status: 'pending', method: 'card', checkoutSessionId: sessionId });
      const unsigned = await t
        .client()
        .request('POST', '/api/stripe/webhook', { body: JSON.stringify(paid), headers: { 'content-type': 'application/json' } });
      expect(unsigned.status).toBe(400);

      const first = await deliver(t, signed(paid));
      expect(first.status).toBe(200);
      expect(first.body.handled).toBe(true);
      const done = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items[0];
      expect(done.deposit).toMatchObject({ status: 'paid', cents: 29_333 });
      // The lead in the admin's list shows the deposit paid.
      const leads = await staff.get<QuoteRequest[]>('/api/quote-requests');
      expect(leads.body.find((item) => item.id === customer.id)?.quoteSummary).toMatchObject({
        status: 'accepted',
        deposit: { status: 'paid', cents: 29_333, method: 'card' },
      });
      expect(done.deposit?.paidAt).toBeDefined();

      // The same event again is handled once: a later "expired" with that id changes nothing either.
      const repeat = await deliver(t, signed({ ...paid, type: 'checkout.session.expired' }));
      expect(repeat.body.handled).toBe(false);
      const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
      expect(page.body.quotes[0].deposit).toMatchObject({ status: 'paid' });
      expect(page.body.quotes[0].deposit).not.toHaveProperty('checkoutSessionId');
      const after = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      expect(after.status).toBe(409);
      expect(after.body.message).toBe(quoteAnswerMessages.depositPaid);
    });

    it('says card payments are not available, 503 with nothing changed, when Stripe refuses the request', async () => {
      const t = await start({ checkout: createStripeCheckout({ secretKey: 'sk_test_revoked', webhookSecret, apiUrl }) });
      const { staff, lead: customer, quote, token } = await sentQuote(t);
      await accept(t.client(), token, quote.id);
      const answer = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(quoteAnswerMessages.cardUnavailable);
      const stored = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items[0];
      expect(stored.deposit?.status).toBe('none');
    });

    it('marks the deposit failed when the Checkout session expires', async () => {
      const t = await start({ checkout: createStripeCheckout({ secretKey: 'sk_test_standin', webhookSecret, apiUrl }) });
      const { staff, lead: customer, quote, token } = await sentQuote(t);
      await accept(t.client(), token, quote.id);
      await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      const expired = {
        id: 'evt_expired_1',
        object: 'event',
        type: 'checkout.session.expired',
        data: { object: { id: 'cs_test_x', object: 'checkout.session', payment_status: 'unpaid', metadata: { quoteId: quote.id } } },
      };
      expect((await deliver(t, signed(expired))).status).toBe(200);
      const stored = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items[0];
      expect(stored.deposit?.status).toBe('failed');
    });
  });
});

describe("the customer's files", () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8a27a' } })
      .jpeg()
      .toBuffer();
  });
  const photo = async (t: TestApp, name: string) => {
    const res = await upload(t.client(), jpeg, 'image/jpeg', name);
    expect(res.status).toBe(201);
    return { url: res.body.url, name };
  };

  it('adds a photo from their page: on the lead, in its history, staff alerted; a used upload is 400', async () => {
    const t = await start();
    const { staff, lead: customer, token } = await sentQuote(t);
    const file = await photo(t, 'Kitchen wall.jpg');
    const res = await t.client().post<{ files: CustomerPage['files'] }>(`/api/customer/${token}/files`, { attachments: [file] });
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual([{ name: 'Kitchen wall.jpg', kind: 'photo', size: jpeg.length }]);
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.files.map((item) => item.name)).toEqual(['Kitchen wall.jpg']);
    const stored = (await staff.get<QuoteRequest[]>('/api/quote-requests?limit=100')).body.find((item) => item.id === customer.id);
    expect(stored?.attachments?.map((item) => item.name)).toEqual(['Kitchen wall.jpg']);
    expect(stored?.history.at(-1)).toMatchObject({ by: 'customer', note: 'The customer added a file: Kitchen wall.jpg' });
    expect(messagesOf(t, customer.id).some((row) => row.audience === 'staff' && row.subject === 'New files from Jack Smith')).toBe(true);

    const again = await t.client().post<ApiError>(`/api/customer/${token}/files`, { attachments: [file] });
    expect(again.status).toBe(400);
    expect(again.body.errors?.['attachments.0.url']).toBe(attachmentMessages.attachedElsewhere);
    const none = await t.client().post<ApiError>(`/api/customer/${token}/files`, { attachments: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors?.attachments).toBe(attachmentMessages.none);
  });

  it('answers 404 for a bad token, and 400 past the files a lead can hold in all', async () => {
    const t = await start();
    const { lead: customer, token } = await sentQuote(t);
    const first = await photo(t, 'a.jpg');
    const bad = await t.client().post<ApiError>(`/api/customer/${token.slice(0, -2)}xx/files`, { attachments: [first] });
    expect(bad.status).toBe(404);
    expect((await t.client().post(`/api/customer/nonsense/files`, { attachments: [first] })).status).toBe(404);

    const pdfs = [];
    for (let i = 0; i < attachmentLimits.maxFiles - 1; i++) {
      const res = await upload(t.client(), samplePdf(), 'application/pdf', `plan ${i}.pdf`);
      expect(res.status).toBe(201);
      pdfs.push({ url: res.body.url, name: `plan ${i}.pdf` });
    }
    expect((await t.client().post(`/api/customer/${token}/files`, { attachments: pdfs })).status).toBe(200);
    const over = await t.client().post<ApiError>(`/api/customer/${token}/files`, { attachments: [first, await photo(t, 'b.jpg')] });
    expect(over.status).toBe(400);
    expect(over.body.errors?.attachments).toBe(attachmentMessages.tooMany);
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.files).toHaveLength(attachmentLimits.maxFiles - 1);
    // The refused upload is still free: it fills the last place.
    expect((await t.client().post(`/api/customer/${token}/files`, { attachments: [first] })).status).toBe(200);
    expect(messagesOf(t, customer.id).filter((row) => row.subject?.startsWith('New files from'))).not.toHaveLength(0);
  });
});

describe('a deposit by bank transfer', () => {
  it('is marked paid by staff once, audited, on the lead and the customer page; 409 before it is pending and twice', async () => {
    const t = await start();
    const { staff, lead: customer, quote, token } = await sentQuote(t);
    expect((await t.client().post(`/api/quotes/${quote.id}/deposit-paid`)).status).toBe(401);
    await accept(t.client(), token, quote.id);
    const early = await staff.post<ApiError>(`/api/quotes/${quote.id}/deposit-paid`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(depositPaidMessages.notPending);
    await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`);

    const paid = await staff.post<Quote>(`/api/quotes/${quote.id}/deposit-paid`);
    expect(paid.status).toBe(200);
    expect(paid.body.deposit).toMatchObject({ status: 'paid', method: 'bank', paidAt: expect.any(String) });
    const stored = (await staff.get<QuoteRequest[]>('/api/quote-requests?limit=100')).body.find((item) => item.id === customer.id);
    expect(stored?.quoteSummary?.deposit).toMatchObject({ status: 'paid', method: 'bank' });
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes[0].deposit).toMatchObject({ status: 'paid' });
    const audit = (await staff.get<AuditEntry[]>('/api/audit?limit=200')).body;
    expect(audit.some((entry) => entry.action === 'quote.deposit_paid' && entry.detail === `${quote.number} version 1`)).toBe(true);

    const twice = await staff.post<ApiError>(`/api/quotes/${quote.id}/deposit-paid`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(depositPaidMessages.alreadyPaid);
  });
});

describe('random and malformed bodies', () => {
  it('never answer 5xx on the quote routes, and store no quote from a body the schema refuses', async () => {
    const t = await start();
    const { staff, lead: customer, quote, token } = await sentQuote(t);
    const item = fc.record(
      {
        description: fc.oneof(fc.string(), fc.constant('Cabinets'), fc.integer()),
        quantity: fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(null)),
        unit: fc.oneof(fc.string(), fc.integer()),
        unitPriceCents: fc.oneof(fc.double(), fc.integer(), fc.string()),
        optional: fc.oneof(fc.boolean(), fc.string()),
        group: fc.oneof(fc.string(), fc.constant('Benchtop'), fc.integer()),
      },
      { requiredKeys: [] },
    );
    const draft = fc.oneof(
      fc.anything(),
      fc.record(
        { items: fc.oneof(fc.array(item, { maxLength: 4 }), fc.anything()), validDays: fc.anything(), notes: fc.anything() },
        { requiredKeys: [] },
      ),
    );
    const answer = fc.oneof(
      fc.anything(),
      fc.record(
        {
          name: fc.oneof(fc.string(), fc.constant('Jack Smith')),
          acceptTerms: fc.oneof(fc.boolean(), fc.constant(true), fc.anything()),
          choices: fc.oneof(fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.double(), fc.string())), fc.anything()),
          optionalItems: fc.oneof(fc.array(fc.oneof(fc.integer(), fc.double())), fc.anything()),
          reason: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    );
    const before = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items.length;
    let created = 0;
    await fc.assert(
      fc.asyncProperty(draft, answer, async (body, customerBody) => {
        const made = await staff.post(`/api/leads/quote/${customer.id}/quotes`, body);
        expect(made.status, JSON.stringify(body)).toBeLessThan(500);
        if (made.status === 201) created++;
        expect((await staff.put(`/api/quotes/${quote.id}`, body)).status).toBeLessThan(500);
        for (const action of ['accept', 'decline', 'deposit']) {
          const res = await t.client().post(`/api/customer/${token}/quotes/${quote.id}/${action}`, customerBody);
          expect(res.status, `${action} ${JSON.stringify(customerBody)}`).toBeLessThan(500);
        }
      }),
      { numRuns: 60, seed: 31 },
    );
    const after = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items;
    // Only the drafts the schema accepted were stored (and the version 2 an accepted PUT on the sent quote made).
    expect(after.length - before).toBeLessThanOrEqual(created + 1);
    expect(after.every((q) => q.items.length > 0 && q.items.every((i) => Number.isInteger(i.unitPriceCents) && i.quantity > 0))).toBe(true);
  });
});
