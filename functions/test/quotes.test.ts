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
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStripeCheckout } from '../src/adapters/stripe/checkout';
import { createLogger } from '../src/embedded/logging';
import { canonicalJson } from '../src/services/customer-quotes';
import { depositPaidMessages } from '../src/services/quote-payments';
import { samplePdf, upload } from './attachments-support';
import { admin, goodInquiry, goodQuote, startTestApp, testSettings, type Client, type TestApp } from './harness';
import {
  checkoutEvent,
  deliverEvent,
  signedEvent,
  standinSecretKey,
  standinWebhookSecret,
  startStripeStandin,
  type StripeStandin,
} from './stripe-standin';
import { businessTimeZone } from '@site/domain/calendar';

const day = 24 * 3_600_000;
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const bank = { depositPercent: null, bankAccountName: 'Northcote Kitchens Pty Ltd', bankBsb: '063000', bankAccountNumber: '12345678' };
const withBank: SiteSettings = {
  ...testSettings,
  business: { ...testSettings.business, abn: '51824753556', registrationNumber: 'DB-U 12345' },
  payments: { ...testSettings.payments, ...bank },
};

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

/** Uploads a PDF as the admin's card does and attaches it to the quote as its insurance certificate. */
async function attachCertificate(staff: Client, quoteId: string) {
  const ticket = await staff.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'document' });
  const uploaded = await staff.request<{ url: string }>('PUT', ticket.body.uploadURL, { body: samplePdf() });
  expect(uploaded.status).toBe(201);
  expect((await staff.put(`/api/quotes/${quoteId}/insurance`, { url: uploaded.body.url })).status).toBe(200);
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
    const good = await staff.put('/api/settings', {
      version: before.body.version,
      payments: { ...bank, depositPercent: 5 },
      currentPassword: admin.password,
    });
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
      'Chosen: Laminate benchtop',
      // 3.5 m × $950.00 against 3.5 m × $333.33.
      'Alternative: Stone benchtop, +$2,158.34',
      'Not included (optional): Soft-close drawers',
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
      // With the stone benchtop and the filter tap it can come to over $10,000: a major contract's particulars.
      siteAddress: '14 Smith Street, Northcote VIC 3070',
      startWithinWeeks: 6,
      completionWeeks: 8,
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
      'Chosen: Laminate benchtop',
      'Alternative: Stone benchtop, +$2,158.34',
      // 3.5 m × $333.33, rounded once; the stone (not chosen) is not counted.
      'Benchtops subtotal (excluding GST)',
      '$1,166.66',
      'Plumbing',
      'Tapware',
      'Not included (optional): Filter tap',
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
    // Without Stripe keys the bank details show at once: the deposit is pending by transfer.
    expect(res.body.deposit).toMatchObject({ percent: 10, cents: 58_597, status: 'pending', method: 'bank', reference: 'Q-0001' });
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
      deposit: { status: 'pending', cents: 58_597, method: 'bank' },
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
      expect(text).toContain('Chosen: Stone benchtop');
      expect(text).toContain('Alternative: Laminate benchtop, -$2,158.34');
      expect(text).toContain('Added: Soft-close drawers');
      expect(text).toContain('$5,859.70');
      // The record's hash is for staff to check it against: only their copy prints it.
      expect(text).not.toContain(expectedHash);
    }
    const staffPdf = await fetch(`${t.url}/api/quotes/${quote.id}/pdf`, { headers: { cookie: staff.cookie } });
    expect(await pdfText(new Uint8Array(await staffPdf.arrayBuffer()))).toContain(`Record SHA-256: ${expectedHash}`);
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
  /** A quote of one line whose total including GST is `totalCents` (GST rounds to it exactly here), with a major contract's particulars. */
  const oneLine = (subtotalCents: number) => ({
    items: [{ description: 'Kitchen renovation', quantity: 1, unitPriceCents: subtotalCents }],
    siteAddress: '14 Smith Street, Northcote VIC 3070',
    startWithinWeeks: 6,
    completionWeeks: 8,
  });

  it('is 10% of $19,999.99 and 5% of $20,000.00, and paid by bank transfer without Stripe keys', async () => {
    const t = await start();
    for (const [subtotal, total, percent, deposit] of [
      [1_818_181, 1_999_999, 10, 199_999],
      [1_818_182, 2_000_000, 5, 100_000],
    ]) {
      const { staff, quote, token } = await sentQuote(t, oneLine(subtotal));
      expect(quote.totals.totalCents).toBe(total);
      const before = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      expect(before.status).toBe(409);
      expect(before.body.message).toBe(quoteAnswerMessages.notAccepted);
      const res = await accept(t.client(), token, quote.id, { name: 'Jack Smith', acceptTerms: true, consumerGuideReceived: true });
      expect(res.body.deposit).toMatchObject({ percent, cents: deposit });
      // Over $16,000 the insurance certificate comes first.
      await attachCertificate(staff, quote.id);
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
    let stand: StripeStandin;
    const webhookSecret = standinWebhookSecret;
    beforeAll(async () => {
      stand = await startStripeStandin();
    });
    afterAll(() => stand.close());
    const signed = signedEvent;
    const deliver = deliverEvent;
    const card = (secretKey = standinSecretKey) => createStripeCheckout({ secretKey, webhookSecret, apiUrl: stand.apiUrl });

    it('opens Checkout for the deposit; a bad signature changes nothing; a paid session marks it paid, once', async () => {
      const t = await start({ checkout: card() });
      const { staff, lead: customer, quote, token } = await sentQuote(t);
      expect((await t.client().get<CustomerPage>(`/api/customer/${token}`)).body.depositMethods).toEqual({ card: true, bank: true });
      await accept(t.client(), token, quote.id);
      const answer = await t.client().post<DepositAnswer>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ kind: 'checkout', url: `https://checkout.stripe.test/pay/cs_test_${stand.sessions.length}` });
      const form = stand.sessions.at(-1)!.form;
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
      const sessionId = stand.sessions.at(-1)!.id;
      const paid = {
        id: 'evt_paid_1',
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            payment_status: 'paid',
            amount_total: 29_333,
            currency: 'aud',
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
      const t = await start({ checkout: card('sk_test_revoked') });
      const { staff, lead: customer, quote, token } = await sentQuote(t);
      await accept(t.client(), token, quote.id);
      const answer = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(quoteAnswerMessages.cardUnavailable);
      const stored = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items[0];
      expect(stored.deposit?.status).toBe('none');
    });

    it('marks the deposit failed when the Checkout session expires', async () => {
      const t = await start({ checkout: card() });
      const { staff, lead: customer, quote, token } = await sentQuote(t);
      await accept(t.client(), token, quote.id);
      await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      const expired = checkoutEvent('evt_expired_1', 'checkout.session.expired', {
        id: stand.sessions.at(-1)!.id,
        quoteId: quote.id,
        payment_status: 'unpaid',
      });
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
    const early = await staff.post<ApiError>(`/api/quotes/${quote.id}/deposit-paid`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(depositPaidMessages.notPending);
    // Accepted without Stripe keys, the bank details show at once: the deposit is pending by transfer.
    await accept(t.client(), token, quote.id);

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

describe('money that holds against a hostile customer', () => {
  let stand: StripeStandin;
  beforeAll(async () => {
    stand = await startStripeStandin();
  });
  afterAll(() => stand.close());
  /** What the server logged (a webhook event that changed nothing is reported so). */
  let logged: string[] = [];
  const startCard = () => {
    logged = [];
    return start({
      checkout: createStripeCheckout({ secretKey: standinSecretKey, webhookSecret: standinWebhookSecret, apiUrl: stand.apiUrl }),
      logger: createLogger('warn', { write: (line: string) => void logged.push(line) }),
    });
  };
  const depositOf = async (staff: Client, leadId: string) =>
    (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${leadId}/quotes`)).body.items[0].deposit;

  /** An accepted quote with its Checkout session open: the kitchen's $2,933.33, so a deposit of $293.33. */
  async function openDeposit(t: TestApp) {
    const sent = await sentQuote(t);
    expect((await accept(t.client(), sent.token, sent.quote.id)).status).toBe(200);
    const answer = await t.client().post<DepositAnswer>(`/api/customer/${sent.token}/quotes/${sent.quote.id}/deposit`);
    expect(answer.status).toBe(200);
    const session = stand.sessions.at(-1)!;
    expect(answer.body).toEqual({ kind: 'checkout', url: `https://checkout.stripe.test/pay/${session.id}` });
    return { ...sent, session };
  }

  it('pays a deposit only with the session, amount, currency and payment it asked for', async () => {
    const t = await startCard();
    const { staff, lead: customer, quote, session } = await openDeposit(t);
    const right = { id: session.id, quoteId: quote.id, amount_total: 29_333, currency: 'aud', payment_status: 'paid' };
    const refused: Array<[string, ReturnType<typeof checkoutEvent>]> = [
      ['100 US cents', checkoutEvent('evt_usd', 'checkout.session.completed', { ...right, amount_total: 100, currency: 'usd' })],
      ['the amount in US dollars', checkoutEvent('evt_currency', 'checkout.session.completed', { ...right, currency: 'usd' })],
      ['a cent short', checkoutEvent('evt_short', 'checkout.session.completed', { ...right, amount_total: 29_332 })],
      [
        'a Payment Link naming the quote in client_reference_id',
        checkoutEvent('evt_link', 'checkout.session.completed', {
          id: 'cs_test_paymentlink',
          client_reference_id: quote.id,
          amount_total: 50,
          currency: 'aud',
          payment_status: 'paid',
        }),
      ],
      ['no payment required', checkoutEvent('evt_free', 'checkout.session.completed', { ...right, payment_status: 'no_payment_required' })],
      ['another session', checkoutEvent('evt_other', 'checkout.session.completed', { ...right, id: 'cs_test_someone_else' })],
      ['a bank debit still on its way', checkoutEvent('evt_unpaid', 'checkout.session.completed', { ...right, payment_status: 'unpaid' })],
      ['an unknown quote', checkoutEvent('evt_unknown', 'checkout.session.completed', { ...right, quoteId: 'nobody' })],
      ['a quote id that is no id', checkoutEvent('evt_path', 'checkout.session.completed', { ...right, quoteId: 'quotes/../x' })],
      ['another session expiring', checkoutEvent('evt_exp_other', 'checkout.session.expired', { ...right, id: 'cs_test_old' })],
      ['an event of another kind', checkoutEvent('evt_refund', 'charge.refunded', right)],
    ];
    for (const [why, event] of refused) {
      const res = await deliverEvent(t, signedEvent(event));
      expect(res.status, why).toBe(200);
      expect(res.body, why).toEqual({ received: true, handled: false });
      expect(await depositOf(staff, customer.id), why).toMatchObject({ status: 'pending', checkoutSessionId: session.id });
      // The operator can see it: a payment nobody asked for is worth a look.
      expect(
        logged.some((line) => line.includes(`Stripe event ${event.id} (${event.type}) changed nothing`)),
        why,
      ).toBe(true);
    }
    expect(logged.find((line) => line.includes('evt_usd'))).toContain(`amount_total 100 is not the deposit's 29333`);
    const leads = await staff.get<QuoteRequest[]>('/api/quote-requests');
    expect(leads.body.find((item) => item.id === customer.id)?.quoteSummary?.deposit?.status).toBe('pending');

    // The payment asked for, finished later (a bank debit): paid at its async success.
    const paid = await deliverEvent(t, signedEvent(checkoutEvent('evt_async', 'checkout.session.async_payment_succeeded', right)));
    expect(paid.body).toEqual({ received: true, handled: true });
    expect(await depositOf(staff, customer.id)).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
  });

  it('answers a signed body that is no event with 400, never a 5xx, and changes nothing', async () => {
    const t = await startCard();
    const { staff, lead: customer, quote, session } = await openDeposit(t);
    const fixed = [
      'not json',
      '',
      'null',
      '[]',
      '{}',
      '{"id":"evt_1"}',
      '{"id":"evt_1","type":"checkout.session.completed"}',
      '{"id":"evt_1","type":"checkout.session.completed","data":null}',
      '{"id":"evt_1","type":"checkout.session.completed","data":{"object":"cs_1"}}',
      '{"id":"evt/1","type":"checkout.session.completed","data":{"object":{}}}',
      '{"id":1,"type":"checkout.session.completed","data":{"object":{}}}',
    ];
    for (const body of fixed) {
      const res = await deliverEvent(t, signedEvent(body));
      expect(res.status, body).toBe(400);
      expect(res.body.message, body).toBe('The webhook body is not an event');
    }
    const session$ = fc.record(
      {
        object: fc.oneof(fc.constant('checkout.session'), fc.anything()),
        id: fc.oneof(fc.constant(session.id), fc.string(), fc.anything()),
        metadata: fc.oneof(fc.record({ quoteId: fc.oneof(fc.constant(quote.id), fc.anything()) }), fc.anything()),
        amount_total: fc.oneof(fc.constant(29_333), fc.integer(), fc.double(), fc.anything()),
        currency: fc.oneof(fc.constant('aud'), fc.anything()),
        payment_status: fc.oneof(fc.constant('paid'), fc.anything()),
      },
      { requiredKeys: [] },
    );
    const event$ = fc.oneof(
      fc.anything(),
      fc.record(
        {
          id: fc.oneof(fc.stringMatching(/^evt_[a-z0-9]{1,12}$/), fc.anything()),
          type: fc.oneof(fc.constantFrom(...['checkout.session.completed', 'checkout.session.expired']), fc.anything()),
          data: fc.oneof(fc.record({ object: session$ }), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    let handled = 0;
    await fc.assert(
      fc.asyncProperty(event$, async (event) => {
        const res = await deliverEvent(t, signedEvent(JSON.stringify(event) ?? 'undefined'));
        expect(res.status, JSON.stringify(event)).toBeLessThan(500);
        expect([200, 400]).toContain(res.status);
        if (res.body.handled) handled++;
      }),
      { numRuns: 300, seed: 41 },
    );
    // Only an event with this session (and, to pay it, its amount in AUD, paid) could change it.
    const deposit = await depositOf(staff, customer.id);
    expect(deposit?.checkoutSessionId).toBe(session.id);
    if (handled) expect(['paid', 'failed']).toContain(deposit?.status);
    else expect(deposit?.status).toBe('pending');
  });

  it('keeps one payable Checkout page: asked again or at once, the same page; a new one only after the last closed', async () => {
    const t = await startCard();
    const { staff, lead: customer, quote, token, session } = await openDeposit(t);
    const before = stand.sessions.length;
    const again = await Promise.all(
      Array.from({ length: 5 }, () => t.client().post<DepositAnswer>(`/api/customer/${token}/quotes/${quote.id}/deposit`)),
    );
    expect(again.map((res) => res.body)).toEqual(
      Array(5).fill({ kind: 'checkout', url: `https://checkout.stripe.test/pay/${session.id}` }),
    );
    expect(stand.sessions.length).toBe(before);
    // Stripe was asked to close the page 23 hours on.
    expect(Number(session.form.expires_at) * 1000 - Date.parse((await depositOf(staff, customer.id))!.checkoutExpiresAt!)).toBe(0);

    // Close to its end the page is closed at Stripe first, then a new one is made.
    t.clock.advance(23 * 3_600_000 - 10 * 60_000);
    const renewed = await t.client().post<DepositAnswer>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
    const next = stand.sessions.at(-1)!;
    expect(next.id).not.toBe(session.id);
    expect(renewed.body).toEqual({ kind: 'checkout', url: `https://checkout.stripe.test/pay/${next.id}` });
    expect(stand.sessions.find((item) => item.id === session.id)?.expired).toBe(true);
    // The old page's own expiry then changes nothing; the current one's marks the deposit failed.
    const old = await deliverEvent(
      t,
      signedEvent(checkoutEvent('evt_old_exp', 'checkout.session.expired', { id: session.id, quoteId: quote.id })),
    );
    expect(old.body.handled).toBe(false);
    expect(await depositOf(staff, customer.id)).toMatchObject({ status: 'pending', checkoutSessionId: next.id });
    const current = await deliverEvent(
      t,
      signedEvent(checkoutEvent('evt_cur_exp', 'checkout.session.expired', { id: next.id, quoteId: quote.id })),
    );
    expect(current.body.handled).toBe(true);
    expect(await depositOf(staff, customer.id)).toMatchObject({ status: 'failed' });
    // A page paid meanwhile cannot be closed: no second page is made.
    const third = await t.client().post<DepositAnswer>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
    const last = stand.sessions.at(-1)!;
    expect(third.body).toEqual({ kind: 'checkout', url: `https://checkout.stripe.test/pay/${last.id}` });
    stand.completed.add(last.id);
    t.clock.advance(23 * 3_600_000 - 10 * 60_000);
    const refused = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
    expect(refused.status).toBe(503);
    expect(stand.sessions.at(-1)!.id).toBe(last.id);
    expect(await depositOf(staff, customer.id)).toMatchObject({ status: 'pending', checkoutSessionId: last.id });
  });

  it('accepts one version of a quote: once one is, saving or sending another is 409 with the date, and the customer cannot accept it', async () => {
    const t = await start();
    const { staff, lead: customer, quote, token } = await sentQuote(t);
    // Opening the sent version in the builder autosaved its version 2.
    const v2 = await staff.put<Quote>(`/api/quotes/${quote.id}`, { ...kitchen, notes: 'Version 2' });
    expect(v2.body).toMatchObject({ version: 2, status: 'draft' });
    expect((await accept(t.client(), token, quote.id)).status).toBe(200);
    const acceptedOn = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: businessTimeZone,
    }).format(t.clock.now());
    const message = `This quote was accepted on ${acceptedOn}: make a new quote for changes`;
    for (const res of [
      await staff.post<ApiError>(`/api/quotes/${v2.body.id}/send`),
      await staff.put<ApiError>(`/api/quotes/${v2.body.id}`, kitchen),
      await staff.put<ApiError>(`/api/quotes/${quote.id}`, kitchen),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
    }
    const list = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items;
    expect(list.map((item) => [item.version, item.status])).toEqual([
      [2, 'draft'],
      [1, 'accepted'],
    ]);
    expect(messagesOf(t, customer.id).filter((row) => row.id.includes(`${v2.body.id}-sent`))).toEqual([]);
    // A new quote is the way to change it.
    expect((await staff.post(`/api/leads/quote/${customer.id}/quotes`, kitchen)).status).toBe(201);
  });

  it('prices option groups named like Object properties, and refuses a group the quote does not offer', async () => {
    const t = await start();
    const items = [
      { description: 'Cabinets', quantity: 1, unitPriceCents: 100_000 },
      { description: 'Plain', quantity: 1, unitPriceCents: 10_000, group: 'constructor' },
      { description: 'Fancy', quantity: 1, unitPriceCents: 50_000, group: 'constructor' },
      { description: 'Matt', quantity: 1, unitPriceCents: 20_000, group: 'toString' },
      { description: 'Gloss', quantity: 1, unitPriceCents: 30_000, group: 'toString' },
    ];
    const { quote, token } = await sentQuote(t, { items });
    // The defaults: each group's first. 100,000 + 10,000 + 20,000 = 130,000 + GST.
    expect(quote.totals.totalCents).toBe(143_000);
    for (const [choices, field, expected] of [
      [{ nonsense: 1 }, 'choices', quoteMessages.unknownGroup],
      [{ hasOwnProperty: 1 }, 'choices', quoteMessages.unknownGroup],
      [{ constructor: 3 }, 'choices', quoteMessages.choice],
    ] as const) {
      const res = await accept(t.client(), token, quote.id, { name: 'Jack Smith', acceptTerms: true, choices });
      expect(res.status, JSON.stringify(choices)).toBe(400);
      expect(res.body.errors?.[field]).toBe(expected);
    }
    const proto = await t.client().request<ApiError>('POST', `/api/customer/${token}/quotes/${quote.id}/accept`, {
      body: '{"name":"Jack Smith","acceptTerms":true,"choices":{"__proto__":1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.status).toBe(400);
    const res = await accept(t.client(), token, quote.id, {
      name: 'Jack Smith',
      acceptTerms: true,
      choices: { constructor: 2, toString: 4 },
    });
    expect(res.status).toBe(200);
    // 100,000 + 50,000 + 30,000 = 180,000 + GST.
    expect(res.body.acceptance?.totals.totalCents).toBe(198_000);
  });

  it('refuses a quote over 200 items or $5,000,000 including GST, with the reason', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const customer = await lead(t);
    const line = { description: 'Item', quantity: 1, unitPriceCents: 100 };
    const tooMany = await staff.post<ApiError>(`/api/leads/quote/${customer.id}/quotes`, { items: Array(201).fill(line) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.items).toBe(quoteMessages.tooMany);
    // $4,545,454.55 + GST = $5,000,000.01; the dearest option counts, whatever the default.
    const over = [
      { description: 'Budget', quantity: 1, unitPriceCents: 100, group: 'Finish' },
      { description: 'Palace', quantity: 1, unitPriceCents: 454_545_455, group: 'Finish' },
    ];
    const dear = await staff.post<ApiError>(`/api/leads/quote/${customer.id}/quotes`, { items: over });
    expect(dear.status).toBe(400);
    expect(dear.body.errors?.items).toBe(quoteMessages.total);
    expect((await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items).toEqual([]);
    const atLimit = await staff.post<Quote>(`/api/leads/quote/${customer.id}/quotes`, {
      items: [{ description: 'Palace', quantity: 1, unitPriceCents: 454_545_454 }],
    });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.totals.totalCents).toBe(499_999_999);
  });

  it("refuses control characters and direction overrides in the customer's name and reason, naming the field", async () => {
    const t = await start();
    const { quote, token } = await sentQuote(t);
    for (const name of ['Jack \u202eSmith', 'Jack\u0007 Smith', 'Jack\nSmith', 'Jack \u2066Smith']) {
      const res = await accept(t.client(), token, quote.id, { name, acceptTerms: true });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.body.errors?.name).toMatch(/^Your name (must be on one line|contains characters that are not allowed)$/);
    }
    const reason = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/decline`, { reason: 'Too dear\u202e' });
    expect(reason.status).toBe(400);
    expect(reason.body.errors?.reason).toBe('Reason contains characters that are not allowed');
    // A reason over several lines is still a reason.
    const ok = await t.client().post(`/api/customer/${token}/quotes/${quote.id}/decline`, { reason: 'Too dear.\nMaybe next year.' });
    expect(ok.status).toBe(200);
  });

  it("makes each version's PDF once and keeps it; the customer's link is limited", async () => {
    const t = await start();
    const { staff, quote, token } = await sentQuote(t);
    expect(await t.app.context.objects.exists(`quote-pdfs/${quote.id}-sent.pdf`)).toBe(true);
    const first = await fetch(`${t.url}/api/customer/${token}/quotes/${quote.id}/pdf`);
    const bytes = Buffer.from(await first.arrayBuffer());
    // A change of name afterwards does not rewrite what the customer was sent.
    const current = await staff.get<{ version: number; settings: SiteSettings }>('/api/settings');
    const renamed = await staff.put('/api/settings', {
      version: current.body.version,
      business: { ...current.body.settings.business, brand: 'Renamed Renovations' },
    });
    expect(renamed.status).toBe(200);
    const again = Buffer.from(await (await fetch(`${t.url}/api/customer/${token}/quotes/${quote.id}/pdf`)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
    expect(await pdfText(again)).toContain('Northcote Kitchens & Bathrooms');
    let status = 0;
    for (let i = 2; i <= 31 && status !== 429; i++) status = (await fetch(`${t.url}/api/customer/${token}/quotes/${quote.id}/pdf`)).status;
    expect(status).toBe(429);
    // Another customer's link is counted on its own.
    const other = await sentQuote(t);
    expect((await fetch(`${t.url}/api/customer/${other.token}/quotes/${other.quote.id}/pdf`)).status).toBe(200);
    // Deleting the lead deletes its kept PDFs.
    expect((await staff.delete(`/api/quote-request/${other.lead.id}`)).status).toBe(204);
    expect(await t.app.context.objects.exists(`quote-pdfs/${other.quote.id}-sent.pdf`)).toBe(false);
  });
});

describe("the customer's emails, the PDF and the deposit receipt", () => {
  const dateOf = (ymd: string) => {
    const [year, month, date] = ymd.split('-').map(Number);
    return new Date(Date.UTC(year, month - 1, date));
  };
  const plusDays = (ymd: string, n: number) => new Date(dateOf(ymd).getTime() + n * day).toISOString().slice(0, 10);
  /** "Thursday 31 December 2026", written out independently of the server's own formatter. */
  const writtenOut = (ymd: string) => {
    const at = dateOf(ymd);
    const part = (options: Intl.DateTimeFormatOptions) => at.toLocaleDateString('en-AU', { timeZone: 'UTC', ...options });
    return `${part({ weekday: 'long' })} ${at.getUTCDate()} ${part({ month: 'long' })} ${at.getUTCFullYear()}`;
  };
  const senderOf = (t: TestApp, id: string) => {
    const db = new Database(`${t.dir}/site.sqlite`, { readonly: true });
    try {
      const row = db.prepare('SELECT sender FROM messages WHERE id = ?').get(id) as { sender: string | null } | undefined;
      return row?.sender ? (JSON.parse(row.sender) as unknown) : null;
    } finally {
      db.close();
    }
  };
  const staffPdf = async (t: TestApp, staff: Client, quoteId: string) =>
    Buffer.from(await (await fetch(`${t.url}/api/quotes/${quoteId}/pdf`, { headers: { cookie: staff.cookie } })).arrayBuffer());
  const images = (pdf: Buffer) => pdf.toString('latin1').split('/Subtype /Image').length - 1;

  it('sends from the business with replies to its address, valid until a written-out date moved past a closure', async () => {
    // The 30th day from now falls in a shutdown that runs three days on.
    const due = new Date(Date.now() + 30 * day).toLocaleDateString('en-CA', { timeZone: businessTimeZone });
    const closure = { from: plusDays(due, -1), to: plusDays(due, 3), label: 'Christmas shutdown' };
    const t = await start({
      settings: {
        ...withBank,
        business: { ...withBank.business, email: 'office@northcote.example' },
        hours: { ...withBank.hours, closures: [closure] },
      },
    });
    const { lead: customer, quote } = await sentQuote(t);
    const until = Date.parse(quote.validUntil!);
    const melbourne = (at: number) => new Date(at).toLocaleDateString('en-CA', { timeZone: businessTimeZone });
    // The end of the closure's last day in Melbourne: its last millisecond.
    expect(melbourne(until)).toBe(closure.to);
    expect(melbourne(until + 1)).toBe(plusDays(closure.to, 1));

    const rows = messagesOf(t, customer.id);
    const email = rows.find((row) => row.id === `${customer.id}-${quote.id}-sent-1`)!;
    expect(email.body).toContain(`and is valid until ${writtenOut(closure.to)}.`);
    expect(email.body).not.toContain('valid for');
    expect(senderOf(t, email.id)).toEqual({ name: 'Northcote Kitchens & Bathrooms', replyTo: 'office@northcote.example' });
    // The staff's alert about the request names the business too.
    const alert = rows.find((row) => row.audience === 'staff')!;
    expect(senderOf(t, alert.id)).toEqual({ name: 'Northcote Kitchens & Bathrooms', replyTo: 'office@northcote.example' });
    const pdf = await pdfText(Buffer.from(pdfsOf(email)[0].content, 'base64'));
    expect(pdf).toContain(`Valid until ${dateOf(closure.to).getUTCDate()} ${writtenOut(closure.to).split(' ')[2]}`);
  });

  it('a quote not ending in a closure keeps its days; the example address gets no Reply-To', async () => {
    const t = await start();
    const { lead: customer, quote } = await sentQuote(t);
    expect(Date.parse(quote.validUntil!) - Date.parse(quote.sentAt!)).toBe(30 * day);
    const id = `${customer.id}-${quote.id}-sent-1`;
    expect(senderOf(t, id)).toEqual({ name: 'Northcote Kitchens & Bathrooms' });
  });

  it("prints the job's address, the logo, choices in words and the acceptance last; the SHA-256 only on the staff's copy", async () => {
    const t = await start();
    const staff = await t.adminClient();
    const customer = await lead(t);
    const created = await staff.post<Quote>(`/api/leads/quote/${customer.id}/quotes`, {
      ...kitchen,
      siteAddress: '14 Smith Street, Northcote VIC 3070',
    });
    expect(images(await staffPdf(t, staff, created.body.id))).toBe(0);
    const logo = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#b48c3c' } })
      .png()
      .toBuffer();
    const ticket = await staff.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'thumbnail' });
    const put = await t.client().request<{ url: string }>('PUT', ticket.body.uploadURL, { body: logo });
    expect(put.status).toBe(201);
    expect((await staff.put('/api/settings/images/logo', { url: put.body.url })).status).toBe(200);
    expect(images(await staffPdf(t, staff, created.body.id))).toBe(1);

    expect((await staff.post(`/api/quotes/${created.body.id}/send`)).status).toBe(200);
    const sent = messagesOf(t, customer.id).find((row) => row.id.endsWith(`${created.body.id}-sent-1`))!;
    const token = linkOf(sent.body);
    const mailed = Buffer.from(pdfsOf(sent)[0].content, 'base64');
    expect(images(mailed)).toBe(1);
    const text = await pdfText(mailed);
    expect(text).toContain('For Jack Smith, 14 Smith Street, Northcote VIC 3070');
    expect(text).toContain('Chosen: Laminate benchtop');
    expect(text).toContain('Alternative: Stone benchtop, +$2,158.34');
    expect(text).toContain('Not included (optional): Soft-close drawers');
    expect(text).not.toContain('[Option');
    expect(text).not.toContain('Acceptance');

    const selection = { choices: { Benchtop: 2 }, optionalItems: [3] };
    expect((await accept(t.client(), token, created.body.id, { name: 'Jack Smith', acceptTerms: true, ...selection })).status).toBe(200);
    const [stored] = (await staff.get<{ items: Quote[] }>(`/api/leads/quote/${customer.id}/quotes`)).body.items;
    const hash = stored.acceptance!.sha256;
    const customerCopy = await pdfText(
      new Uint8Array(await (await fetch(`${t.url}/api/customer/${token}/quotes/${created.body.id}/pdf`)).arrayBuffer()),
    );
    const staffCopy = await pdfText(await staffPdf(t, staff, created.body.id));
    for (const copy of [customerCopy, staffCopy]) {
      expect(copy).toContain('Chosen: Stone benchtop');
      expect(copy).toContain('Alternative: Laminate benchtop, -$2,158.34');
      expect(copy).toContain('Added: Soft-close drawers');
      // The acceptance is the last section: after the totals, with who, when and the quote's number.
      const section = copy.lastIndexOf('Acceptance');
      expect(section).toBeGreaterThan(copy.indexOf('Total including GST'));
      expect(copy.slice(section)).toMatch(/^Acceptance\s+Accepted by Jack Smith on .+ \(Melbourne time\)\.\s+Reference: Q-0001, version 1/);
    }
    expect(customerCopy).not.toContain('SHA-256');
    expect(customerCopy).not.toContain(hash);
    expect(staffCopy.trim().endsWith(`Record SHA-256: ${hash}`)).toBe(true);
    // Kept apart: the customer's copy is never the staff's.
    expect(await t.app.context.objects.exists(`quote-pdfs/${created.body.id}-accepted.pdf`)).toBe(true);
    expect(await t.app.context.objects.exists(`quote-pdfs/${created.body.id}-accepted-staff.pdf`)).toBe(true);
  });

  it('emails a receipt and notes the deposit on the lead when staff mark a bank transfer received', async () => {
    const t = await start();
    const { staff, lead: customer, quote, token } = await sentQuote(t);
    await accept(t.client(), token, quote.id);
    await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`);
    expect(messagesOf(t, customer.id).filter((row) => row.id.includes('-deposit-paid-'))).toEqual([]);
    const paid = await staff.post<Quote>(`/api/quotes/${quote.id}/deposit-paid`);
    expect(paid.status).toBe(200);

    const receipts = messagesOf(t, customer.id).filter((row) => row.id.includes('-deposit-paid-'));
    expect(receipts.map((row) => [row.id, row.audience, row.recipient, row.subject])).toEqual([
      [`${customer.id}-${quote.id}-deposit-paid-1`, 'customer', goodQuote.email, 'Receipt: deposit on quote Q-0001'],
    ]);
    const paidDay = new Date(paid.body.deposit!.paidAt!).toLocaleDateString('en-CA', { timeZone: businessTimeZone });
    for (const expected of [
      'Amount: $293.33',
      `Paid on ${writtenOut(paidDay)} by bank transfer`,
      'Reference: Q-0001',
      'ABN 51 824 753 556',
    ]) {
      expect(receipts[0].body).toContain(expected);
    }
    const stored = (await staff.get<QuoteRequest[]>('/api/quote-requests?limit=100')).body.find((item) => item.id === customer.id)!;
    expect(stored.history.at(-1)).toMatchObject({ by: 'staff', note: 'Deposit of $293.33 on quote Q-0001 received by bank transfer' });
  });

  it('emails a receipt once when Stripe reports the card payment, not for a repeat or a failure', async () => {
    const stand = await startStripeStandin();
    try {
      const checkout = createStripeCheckout({ secretKey: standinSecretKey, webhookSecret: standinWebhookSecret, apiUrl: stand.apiUrl });
      const t = await start({ checkout, settings: { ...withBank, business: testSettings.business } });
      const { staff, lead: customer, quote, token } = await sentQuote(t);
      await accept(t.client(), token, quote.id);
      await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`);
      const sessionId = stand.sessions.at(-1)!.id;
      const session = {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: 29_333,
        currency: 'aud',
        metadata: { quoteId: quote.id },
        client_reference_id: quote.id,
      };
      const expired = { id: 'evt_expired_1', object: 'event', type: 'checkout.session.expired', data: { object: session } };
      expect((await deliverEvent(t, signedEvent(expired))).status).toBe(200);
      expect(messagesOf(t, customer.id).filter((row) => row.id.includes('-deposit-paid-'))).toEqual([]);

      const paid = { id: 'evt_paid_1', object: 'event', type: 'checkout.session.completed', data: { object: session } };
      expect((await deliverEvent(t, signedEvent(paid))).body.handled).toBe(true);
      expect((await deliverEvent(t, signedEvent(paid))).body.handled).toBe(false);
      const receipts = messagesOf(t, customer.id).filter((row) => row.id.includes('-deposit-paid-'));
      expect(receipts.map((row) => row.subject)).toEqual(['Receipt: deposit on quote Q-0001']);
      expect(receipts[0].body).toContain('by card');
      expect(receipts[0].body).toContain('Reference: Q-0001');
      // 'ABN ' with its space: the email's link carries a random token, which may hold the letters.
      expect(receipts[0].body).not.toContain('ABN ');
      const stored = (await staff.get<QuoteRequest[]>('/api/quote-requests?limit=100')).body.find((item) => item.id === customer.id)!;
      expect(stored.history.at(-1)).toMatchObject({ note: 'Deposit of $293.33 on quote Q-0001 received by card' });
    } finally {
      await stand.close();
    }
  });
});
