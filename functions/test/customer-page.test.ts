/**
 * The deposit on the customer's page, over real HTTP on SQLite: the settings' percentage the
 * page states before acceptance, the day the deposit is due (7 days by default, as the
 * Settings tab sets it), the bank details shown at once after acceptance but not before nor
 * while the insurance certificate is outstanding, the acceptance email repeating them, and
 * the due days' validation.
 */
import { type ApiError, type CustomerPage, type CustomerQuote, type Quote, type QuoteRequest, type SiteSettings } from '@site/domain';
import { settingsMessages } from '@site/domain/settings-schema';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { samplePdf } from './attachments-support';
import { admin, goodQuote, startTestApp, testSettings, type Client, type TestApp } from './harness';
import { businessTimeZone } from '@site/domain/calendar';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const bank = { depositPercent: null, bankAccountName: 'Northcote Kitchens Pty Ltd', bankBsb: '063182', bankAccountNumber: '12345678' };
const withBank: SiteSettings = {
  ...testSettings,
  business: { ...testSettings.business, registrationNumber: 'DB-U 12345' },
  payments: { ...testSettings.payments, ...bank },
};

async function start(settings: SiteSettings = withBank) {
  const t = await startTestApp({}, undefined, undefined, undefined, { settings });
  apps.push(t);
  return t;
}

/** $2,000 + GST: a small job, no contract particulars, no insurance. */
const small = { items: [{ description: 'Vanity and tapware', quantity: 1, unitPriceCents: 200_000 }] };
/** $20,000 + GST: over $16,000, so the insurance certificate comes before the deposit. */
const large = {
  items: [{ description: 'Kitchen renovation', quantity: 1, unitPriceCents: 2_000_000 }],
  siteAddress: '14 Smith Street, Northcote VIC 3070',
  startWithinWeeks: 6,
  completionWeeks: 8,
};

function customerEmails(t: TestApp, leadId: string, email: string) {
  const db = new Database(`${t.dir}/site.sqlite`, { readonly: true });
  try {
    return db
      .prepare("SELECT id, subject, body FROM messages WHERE leadId = ? AND recipient = ? AND channel = 'email' ORDER BY createdAt, id")
      .all(leadId, email) as Array<{ id: string; subject: string | null; body: string }>;
  } finally {
    db.close();
  }
}

/** A quote request with a quote sent: the admin's client, the quote, the lead and the customer's token from their email. */
async function sentQuote(t: TestApp, draft: object = small) {
  const staff = await t.adminClient();
  const created = await t.client().post<QuoteRequest>('/api/quote-request', goodQuote);
  expect(created.status).toBe(201);
  const lead = created.body;
  const quote = await staff.post<Quote>(`/api/leads/quote/${lead.id}/quotes`, draft);
  expect(quote.status).toBe(201);
  expect((await staff.post(`/api/quotes/${quote.body.id}/send`)).status).toBe(200);
  const email = customerEmails(t, lead.id, lead.email).find((row) => row.id.endsWith(`${quote.body.id}-sent-1`));
  const token = /\/your-project\?t=([A-Za-z0-9_.-]+)/.exec(email?.body ?? '')?.[1];
  expect(token).toBeDefined();
  return { staff, lead, quote: quote.body, token: token as string };
}

/** Uploads a PDF as the admin's card does and attaches it as the quote's insurance certificate. */
async function attachCertificate(staff: Client, quoteId: string) {
  const ticket = await staff.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'document' });
  const uploaded = await staff.request<{ url: string }>('PUT', ticket.body.uploadURL, { body: samplePdf() });
  expect(uploaded.status).toBe(201);
  expect((await staff.put(`/api/quotes/${quoteId}/insurance`, { url: uploaded.body.url })).status).toBe(200);
}

const accept = (client: Client, token: string, quoteId: string, extra: object = {}) =>
  client.post<CustomerQuote & ApiError>(`/api/customer/${token}/quotes/${quoteId}/accept`, {
    name: 'Jack Smith',
    acceptTerms: true,
    ...extra,
  });

const melbourne = (at: string | number, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: businessTimeZone, ...options }).format(new Date(at));
/** "2026-12-07": the Melbourne calendar day of an instant. */
const dayIn = (at: string | number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
const plusDays = (day: string, days: number) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};

/** Due `days` after acceptance: the last millisecond of that Melbourne day. */
function expectDueAfter(dueAt: string | undefined, acceptedAt: string, days: number) {
  expect(dueAt).toBeDefined();
  expect(dayIn(dueAt as string)).toBe(plusDays(dayIn(acceptedAt), days));
  expect(dayIn(Date.parse(dueAt as string) + 1)).toBe(plusDays(dayIn(acceptedAt), days + 1));
  expect(melbourne(dueAt as string, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })).toBe('23:59:59');
}

describe("the deposit on the customer's page", () => {
  it('states the settings’ percentage before acceptance, and shows the bank details due in 7 days at once after it', async () => {
    const t = await start();
    const { lead, quote, token } = await sentQuote(t);
    const before = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(before.status).toBe(200);
    expect(before.body.deposit).toEqual({ percent: null });
    expect(before.body.depositMethods).toEqual({ card: false, bank: true });
    expect(before.body.quotes[0].bankTransfer).toBeUndefined();

    const accepted = await accept(t.client(), token, quote.id);
    expect(accepted.status).toBe(200);
    // 10% of $2,200.00, the legal maximum under $20,000.
    expect(accepted.body.bankTransfer).toEqual({
      accountName: 'Northcote Kitchens Pty Ltd',
      bsb: '063182',
      accountNumber: '12345678',
      reference: quote.number,
      amountCents: 22_000,
      dueAt: accepted.body.deposit?.dueAt,
    });
    expectDueAfter(accepted.body.bankTransfer?.dueAt, accepted.body.acceptance?.at as string, 7);

    const after = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(after.body.quotes[0].bankTransfer).toEqual(accepted.body.bankTransfer);

    const email = customerEmails(t, lead.id, lead.email).find((row) => row.subject === `You accepted quote ${quote.number}`);
    const due = melbourne(accepted.body.bankTransfer?.dueAt as string, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    expect(due).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(email?.body).toContain(
      `To pay it by bank transfer: account name Northcote Kitchens Pty Ltd, BSB 063-182, account number 12345678, amount $220.00, reference ${quote.number}, by ${due}.`,
    );
  });

  it('is due as many days after acceptance as the settings say', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const current = await staff.get<{ version: number; settings: SiteSettings }>('/api/settings');
    expect(current.body.settings.payments.depositDueDays).toBe(7);
    const saved = await staff.put<{ settings: SiteSettings }>('/api/settings', {
      version: current.body.version,
      payments: { ...current.body.settings.payments, depositDueDays: 14 },
      currentPassword: admin.password,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.payments.depositDueDays).toBe(14);
    const { quote, token } = await sentQuote(t);
    const accepted = await accept(t.client(), token, quote.id);
    expectDueAfter(accepted.body.deposit?.dueAt, accepted.body.acceptance?.at as string, 14);
    expect(accepted.body.bankTransfer?.dueAt).toBe(accepted.body.deposit?.dueAt);
  });

  it('shows no bank details while the insurance certificate is outstanding, nor in the email; they come with the certificate', async () => {
    const t = await start();
    const { staff, lead, quote, token } = await sentQuote(t, large);
    const accepted = await accept(t.client(), token, quote.id, { consumerGuideReceived: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.insuranceRequired).toBe(true);
    expect(accepted.body.bankTransfer).toBeUndefined();
    const email = customerEmails(t, lead.id, lead.email).find((row) => row.subject === `You accepted quote ${quote.number}`);
    expect(email?.body).toContain('The deposit is $1,100.00');
    // Phrases with spaces: the email's link carries a random token, which may hold the letters "BSB".
    expect(email?.body).not.toContain('bank transfer');
    expect(email?.body).not.toContain('BSB 063-182');

    await attachCertificate(staff, quote.id);
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes[0].insuranceRequired).toBeUndefined();
    // 5% of $22,000.00.
    expect(page.body.quotes[0].bankTransfer).toMatchObject({ bsb: '063182', amountCents: 110_000, reference: quote.number });
  });

  it('shows no bank details when the site has none, nor once the deposit is paid', async () => {
    const none = await start(testSettings);
    const first = await sentQuote(none);
    const accepted = await accept(none.client(), first.token, first.quote.id);
    expect(accepted.body.deposit?.dueAt).toBeDefined();
    expect(accepted.body.bankTransfer).toBeUndefined();

    const t = await start();
    const { staff, quote, token } = await sentQuote(t);
    expect((await accept(t.client(), token, quote.id)).body.bankTransfer).toBeDefined();
    expect((await staff.post(`/api/quotes/${quote.id}/deposit-paid`)).status).toBe(200);
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes[0].deposit?.status).toBe('paid');
    expect(page.body.quotes[0].bankTransfer).toBeUndefined();
  });
});

describe('the deposit due days setting', () => {
  it('takes whole days from 1 to 60, with the field named; a save without it keeps the default', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const current = await staff.get<{ version: number; settings: SiteSettings }>('/api/settings');
    const payments = current.body.settings.payments;
    for (const days of [0, 61, 7.5, '7', null]) {
      const res = await staff.put<ApiError>('/api/settings', {
        version: current.body.version,
        payments: { ...payments, depositDueDays: days },
        currentPassword: admin.password,
      });
      expect(res.status, String(days)).toBe(400);
      expect(res.body.errors?.['payments.depositDueDays'], String(days)).toBe(settingsMessages.depositDueDays);
    }
    const { depositDueDays: _days, ...older } = payments;
    const saved = await staff.put<{ settings: SiteSettings }>('/api/settings', {
      version: current.body.version,
      payments: { ...older, depositPercent: 5 },
      currentPassword: admin.password,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.payments).toMatchObject({ depositPercent: 5, depositDueDays: 7 });
  });
});
