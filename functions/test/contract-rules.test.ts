/**
 * A quote that becomes a contract as Victorian law expects, over real HTTP on SQLite: the
 * $10,000.00 and $10,000.01 thresholds of a major domestic building contract (its particulars
 * before sending, the consumer guide when accepting, the cooling-off period from acceptance),
 * the $16,000.00 and $16,000.01 thresholds of the insurance certificate before the deposit, the
 * certificate attached privately and downloaded by the customer, withdrawing within the period,
 * at its end and twice, the refund due and marked made, and independent legal advice.
 */
import {
  particularsLabels,
  quoteAnswerMessages,
  type ApiError,
  type CustomerPage,
  type CustomerQuote,
  type DepositAnswer,
  type Quote,
  type QuoteRequest,
  type SiteSettings,
} from '@site/domain';
import { coolingOffEndsAt } from '@site/domain/cooling-off';
import Database from 'better-sqlite3';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, describe, expect, it } from 'vitest';
import { samplePdf } from './attachments-support';
import { goodQuote, startTestApp, testSettings, type Client, type TestApp } from './harness';

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const bank = { bankAccountName: 'Northcote Kitchens Pty Ltd', bankBsb: '063000', bankAccountNumber: '12345678' };
const registered: SiteSettings = {
  ...testSettings,
  business: { ...testSettings.business, registrationNumber: 'DB-U 12345' },
  payments: { ...testSettings.payments, ...bank },
};

async function start(settings: SiteSettings = registered) {
  const t = await startTestApp({}, undefined, undefined, undefined, { settings });
  apps.push(t);
  return t;
}

/** One line excluding GST whose total including GST is exact: 909,091 is $10,000.00, 1,454,546 is $16,000.01. */
const oneLine = (subtotalCents: number, particulars: object = {}) => ({
  items: [{ description: 'Kitchen renovation', quantity: 1, unitPriceCents: subtotalCents }],
  ...particulars,
});
const particulars = { siteAddress: '14 Smith Street, Northcote VIC 3070', startWithinWeeks: 6, completionWeeks: 8 };

function messagesOf(t: TestApp, leadId: string) {
  const db = new Database(`${t.dir}/site.sqlite`, { readonly: true });
  try {
    return db
      .prepare('SELECT id, recipient, subject, body, audience FROM messages WHERE leadId = ? ORDER BY createdAt, id')
      .all(leadId) as Array<{ id: string; recipient: string; subject: string | null; body: string; audience: string }>;
  } finally {
    db.close();
  }
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** A quote drafted on a new lead (not sent): the admin's client, the lead and the draft. */
async function drafted(t: TestApp, draft: object) {
  const staff = await t.adminClient();
  const lead = await t.client().post<QuoteRequest>('/api/quote-request', goodQuote);
  expect(lead.status).toBe(201);
  const created = await staff.post<Quote>(`/api/leads/quote/${lead.body.id}/quotes`, draft);
  expect(created.status, created.text).toBe(201);
  return { staff, lead: lead.body, quote: created.body };
}

/** Sends a draft and reads the customer's link from its email. */
async function send(t: TestApp, staff: Client, leadId: string, quote: Quote) {
  const sent = await staff.post<Quote>(`/api/quotes/${quote.id}/send`);
  expect(sent.status, sent.text).toBe(200);
  const email = messagesOf(t, leadId).find((row) => row.id.endsWith(`${quote.id}-sent-1`));
  const token = /\/your-project\?t=([A-Za-z0-9_.-]+)/.exec(email?.body ?? '')?.[1];
  expect(token).toBeDefined();
  return { quote: sent.body, token: token!, email: email! };
}

const accept = (t: TestApp, token: string, quoteId: string, extra: object = {}) =>
  t.client().post<CustomerQuote & ApiError>(`/api/customer/${token}/quotes/${quoteId}/accept`, {
    name: 'Jack Smith',
    acceptTerms: true,
    ...extra,
  });

/** An admin upload of a PDF (kind `document`), as the builder's card sends the certificate. */
async function uploadDocument(staff: Client, bytes: Buffer) {
  const ticket = await staff.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'document' });
  expect(ticket.status).toBe(200);
  const put = await staff.request<{ url: string }>('PUT', ticket.body.uploadURL, { body: bytes });
  expect(put.status, put.text).toBe(201);
  return put.body.url;
}

describe('a major domestic building contract (over $10,000 including GST)', () => {
  it('is not $10,000.00: sent without particulars, accepted without the guide, no cooling-off', async () => {
    const t = await start({ ...registered, business: testSettings.business });
    const { staff, lead, quote } = await drafted(t, oneLine(909_091));
    expect(quote.totals.totalCents).toBe(1_000_000);
    const { token } = await send(t, staff, lead.id, quote);
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes[0]).not.toHaveProperty('major');
    const accepted = await accept(t, token, quote.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body).not.toHaveProperty('coolingOffEndsAt');
    const withdraw = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/withdraw`, { name: 'Jack Smith' });
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.message).toBe(quoteAnswerMessages.noCoolingOff);
  });

  it('at $10,000.01 is sent only with the registration, site, start and completion, which the email, page and PDF show', async () => {
    const t = await start({ ...registered, business: testSettings.business });
    const { staff, lead, quote } = await drafted(t, oneLine(909_092));
    expect(quote.totals.totalCents).toBe(1_000_001);
    const refused = await staff.post<ApiError>(`/api/quotes/${quote.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      quoteAnswerMessages.particularsMissing(quote.number, [
        particularsLabels.registrationNumber,
        particularsLabels.siteAddress,
        particularsLabels.start,
        particularsLabels.completionWeeks,
      ]),
    );
    expect(Object.keys(refused.body.errors ?? {})).toEqual(['registrationNumber', 'siteAddress', 'start', 'completionWeeks']);
    expect(messagesOf(t, lead.id)).toEqual(messagesOf(t, lead.id).filter((row) => !row.id.includes(quote.id)));

    // The particulars on the quote; the registration still missing.
    const saved = await staff.put<Quote>(
      `/api/quotes/${quote.id}`,
      oneLine(909_092, { ...particulars, startWithinWeeks: undefined, startDate: '2027-02-01' }),
    );
    expect(saved.body).toMatchObject({ siteAddress: particulars.siteAddress, startDate: '2027-02-01', completionWeeks: 8 });
    const stillRefused = await staff.post<ApiError>(`/api/quotes/${quote.id}/send`);
    expect(Object.keys(stillRefused.body.errors ?? {})).toEqual(['registrationNumber']);
    const current = await staff.get<{ version: number; settings: SiteSettings }>('/api/settings');
    const badNumber = await staff.put<ApiError>('/api/settings', {
      version: current.body.version,
      business: { ...current.body.settings.business, registrationNumber: 'DB-U 12345\u202e' },
    });
    expect(badNumber.status).toBe(400);
    expect(
      (
        await staff.put('/api/settings', {
          version: current.body.version,
          business: { ...current.body.settings.business, registrationNumber: 'DB-U 12345' },
        })
      ).status,
    ).toBe(200);

    const { token, email } = await send(t, staff, lead.id, quote);
    for (const expected of [
      'the site is 14 Smith Street, Northcote VIC 3070',
      'work starts on Monday 1 February 2027',
      'takes 8 weeks from the start',
      'our builder registration is DB-U 12345',
      registered.payments.consumerGuideUrl,
      'within 5 clear business days',
    ]) {
      expect(email.body).toContain(expected);
    }
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes[0].major).toEqual({
      registrationNumber: 'DB-U 12345',
      consumerGuideUrl: registered.payments.consumerGuideUrl,
      coolingOffIfAcceptedNow: coolingOffEndsAt(t.clock.now()),
    });
    const pdf = await pdfText(new Uint8Array(await (await fetch(`${t.url}/api/customer/${token}/quotes/${quote.id}/pdf`)).arrayBuffer()));
    for (const expected of [
      'Builder registration DB-U 12345',
      'Major domestic building contract',
      'Site: 14 Smith Street, Northcote VIC 3070',
      'Start: on Monday 1 February 2027',
      'Completion: 8 weeks from the start',
      'Domestic Building Consumer Guide',
      'Your right to cool off',
    ]) {
      expect(pdf).toContain(expected);
    }
  });

  it('is accepted once the customer confirms the guide; the period ends at 5 pm on the fifth clear business day, and withdrawing then is refused', async () => {
    const t = await start();
    const { staff, lead, quote } = await drafted(t, oneLine(909_092, particulars));
    const { token } = await send(t, staff, lead.id, quote);
    const noGuide = await accept(t, token, quote.id);
    expect(noGuide.status).toBe(400);
    expect(noGuide.body.errors?.consumerGuideReceived).toBe(quoteAnswerMessages.consumerGuide);
    const acceptedAt = t.clock.now();
    const accepted = await accept(t, token, quote.id, { consumerGuideReceived: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.coolingOffEndsAt).toBe(coolingOffEndsAt(acceptedAt));
    expect(accepted.body.acceptance).toMatchObject({ consumerGuide: { url: registered.payments.consumerGuideUrl } });
    const customerEmail = messagesOf(t, lead.id).find((row) => row.id.endsWith(`${quote.id}-accepted-1`));
    expect(customerEmail?.body).toContain('You may withdraw from this contract by written notice until');

    // A second past the end.
    t.clock.advance(Date.parse(accepted.body.coolingOffEndsAt!) + 1000 - t.clock.now().getTime());
    const late = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/withdraw`, { name: 'Jack Smith' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(quoteAnswerMessages.coolingOffEnded(accepted.body.coolingOffEndsAt!));
    // Days have passed: staff sign in again, as their session has ended.
    const later = await t.adminClient();
    expect((await later.get<{ items: Quote[] }>(`/api/leads/quote/${lead.id}/quotes`)).body.items[0].status).toBe('accepted');
  });

  it('is withdrawn within the period by the typed name: refund due is what was paid less $100, marked made once; twice is 409', async () => {
    const t = await start();
    const { staff, lead, quote } = await drafted(t, oneLine(909_092, particulars));
    const { token } = await send(t, staff, lead.id, quote);
    const accepted = await accept(t, token, quote.id, { consumerGuideReceived: true });
    // Deposit 10% of $10,000.01 = $1,000.00, paid by transfer.
    expect((await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`)).status).toBe(200);
    expect((await staff.post(`/api/quotes/${quote.id}/deposit-paid`)).status).toBe(200);
    const noRefundYet = await staff.post<ApiError>(`/api/quotes/${quote.id}/refunded`);
    expect(noRefundYet.status).toBe(409);
    expect(noRefundYet.body.message).toBe(quoteAnswerMessages.notRefundable);

    // A minute before the end.
    t.clock.advance(Date.parse(accepted.body.coolingOffEndsAt!) - 60_000 - t.clock.now().getTime());
    const bad = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/withdraw`, { name: 'J\u202eack' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.name).toBe('Your name contains characters that are not allowed');
    const withdrawn = await t.client().post<CustomerQuote>(`/api/customer/${token}/quotes/${quote.id}/withdraw`, { name: 'Jack Smith' });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', withdrawal: { name: 'Jack Smith', refundDueCents: 90_000 } });
    const twice = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/withdraw`, { name: 'Jack Smith' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(quoteAnswerMessages.withdrawn);

    // Days have passed: staff sign in again, as their session has ended.
    const later = await t.adminClient();
    const stored = (await later.get<QuoteRequest[]>('/api/quote-requests?limit=100')).body.find((item) => item.id === lead.id)!;
    expect(stored.status).toBe('quoted');
    expect(stored.history.at(-1)).toMatchObject({
      status: 'quoted',
      by: 'customer',
      note: `Quote ${quote.number} version 1 withdrawn by Jack Smith within the cooling-off period: refund due $900.00`,
    });
    expect(stored.quoteSummary?.status).toBe('withdrawn');
    const notices = messagesOf(t, lead.id).filter((row) => row.id.includes(`${quote.id}-withdrawn`));
    expect(notices.map((row) => [row.audience, row.subject])).toEqual(
      expect.arrayContaining([
        ['customer', `You withdrew from the contract of quote ${quote.number}`],
        ['staff', `Contract withdrawn: quote ${quote.number}, Jack Smith`],
      ]),
    );
    expect(notices.find((row) => row.audience === 'customer')?.body).toContain('refund you $900.00');
    // No deposit can be asked for on a withdrawn contract.
    expect((await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`)).status).toBe(409);

    const refunded = await later.post<Quote>(`/api/quotes/${quote.id}/refunded`);
    expect(refunded.status).toBe(200);
    expect(refunded.body.withdrawal).toMatchObject({ refundDueCents: 90_000, refundedAt: expect.any(String) });
    expect(Date.parse(refunded.body.withdrawal!.refundedAt!)).toBeLessThanOrEqual(t.clock.now().getTime());
    const again = await later.post<ApiError>(`/api/quotes/${quote.id}/refunded`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(quoteAnswerMessages.alreadyRefunded);
  });

  it('has no cooling-off after independent legal advice, as the Act says', async () => {
    const t = await start();
    const { staff, lead, quote } = await drafted(t, oneLine(909_092, particulars));
    const { token } = await send(t, staff, lead.id, quote);
    const accepted = await accept(t, token, quote.id, { consumerGuideReceived: true, independentLegalAdvice: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body).not.toHaveProperty('coolingOffEndsAt');
    expect(accepted.body.acceptance).toMatchObject({ independentLegalAdvice: true });
    const withdraw = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/withdraw`, { name: 'Jack Smith' });
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.message).toBe(quoteAnswerMessages.noCoolingOff);
  });
});

describe('the insurance certificate before the deposit (over $16,000 including GST)', () => {
  it('is not needed at $16,000.00', async () => {
    const t = await start();
    const { staff, lead, quote } = await drafted(t, oneLine(1_454_545, particulars));
    expect(quote.totals.totalCents).toBe(1_600_000);
    const { token } = await send(t, staff, lead.id, quote);
    await accept(t, token, quote.id, { consumerGuideReceived: true });
    const deposit = await t.client().post<DepositAnswer>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
    expect(deposit.status).toBe(200);
    expect(deposit.body).toMatchObject({ kind: 'bank', amountCents: 160_000 });
  });

  it('at $16,000.01 holds the deposit until staff attach it; the customer then downloads it, and nobody else can', async () => {
    const t = await start();
    const { staff, lead, quote } = await drafted(t, oneLine(1_454_546, particulars));
    expect(quote.totals.totalCents).toBe(1_600_001);
    const { token } = await send(t, staff, lead.id, quote);
    await accept(t, token, quote.id, { consumerGuideReceived: true });
    const held = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(
      `${registered.business.brand} will send you the domestic building insurance certificate for your home before asking for a deposit`,
    );
    expect((await t.client().get<CustomerPage>(`/api/customer/${token}`)).body.quotes[0]).toMatchObject({ insuranceRequired: true });
    expect((await staff.get<{ items: Quote[] }>(`/api/leads/quote/${lead.id}/quotes`)).body.items[0].deposit?.status).toBe('none');

    // Not a PDF, not an upload, or someone else's: 400, nothing attached.
    const unknown = await staff.put<ApiError>(`/api/quotes/${quote.id}/insurance`, { url: '/api/objects/documents/nothing.pdf' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.url).toBe('Upload the certificate as a PDF first, then send its url');
    const notPdf = await staff.post<ApiError>('/api/objects/upload', { kind: 'document' });
    const refusedPut = await staff.request<ApiError>('PUT', (notPdf.body as unknown as { uploadURL: string }).uploadURL, {
      body: Buffer.from('<html>not a pdf</html>'),
    });
    expect(refusedPut.status).toBe(415);

    const certificate = samplePdf(4000);
    const url = await uploadDocument(staff, certificate);
    // Kept privately: the upload's own address serves nothing.
    expect((await t.client().get(url)).status).toBe(404);
    const attached = await staff.put<Quote>(`/api/quotes/${quote.id}/insurance`, { url });
    expect(attached.status).toBe(200);
    expect(attached.body.insurance).toMatchObject({ name: `Insurance certificate ${quote.number}.pdf`, size: certificate.length, url });
    expect((await staff.put<ApiError>(`/api/quotes/${quote.id}/insurance`, { url })).status).toBe(400);

    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes[0]).not.toHaveProperty('insuranceRequired');
    expect(page.body.quotes[0].insurance).toEqual({
      name: `Insurance certificate ${quote.number}.pdf`,
      size: certificate.length,
      attachedAt: expect.any(String),
    });
    const download = await fetch(`${t.url}/api/customer/${token}/quotes/${quote.id}/insurance`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(certificate)).toBe(true);
    expect((await t.client().get(`/api/quotes/${quote.id}/insurance`)).status).toBe(401);
    const deposit = await t.client().post<DepositAnswer>(`/api/customer/${token}/quotes/${quote.id}/deposit`);
    expect(deposit.status).toBe(200);
    expect(deposit.body).toMatchObject({ kind: 'bank', amountCents: 160_000 });

    // Taken off again: the file goes, and the download is 404.
    expect((await staff.delete<Quote>(`/api/quotes/${quote.id}/insurance`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/customer/${token}/quotes/${quote.id}/insurance`)).status).toBe(404);
    const audit = (await staff.get<Array<{ action: string }>>('/api/audit?limit=200')).body.map((entry) => entry.action);
    expect(audit).toEqual(expect.arrayContaining(['quote.insurance_attached', 'quote.insurance_removed']));
  });
});
