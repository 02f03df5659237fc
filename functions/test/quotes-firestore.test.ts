/**
 * Quotes in Firebase mode, on Google's Firestore emulator, over real HTTP: a draft with its
 * totals and the number counter, sending (a Trigger Email document carrying the PDF), the
 * customer's page, parallel accepts of one version giving one acceptance and 409s, the lead
 * won, a decline with its reason in the lead's history, version 2 replacing version 1, a
 * Stripe event handled once, and the queries' composite indexes declared.
 */
import type { ApiError, CustomerPage, CustomerQuote, Quote, QuoteRequest } from '@site/domain';
import { quoteAnswerMessages } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { CheckoutEvent, DepositCheckout } from '../src/ports/quotes';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import { samplePdf } from './attachments-support';
import { createLogger } from '../src/embedded/logging';
import { describeNeed, indexFile, recordQueries, serves } from './firestore-indexes';
import { goodQuote, startTestApp, testPolicy, testSettings, type Client, type TestApp } from './harness';

const items = [
  { description: 'Cabinetry', quantity: 1, unitPriceCents: 1_200_000 },
  { description: 'Laminate benchtop', quantity: 3, unit: 'm', unitPriceCents: 40_000, group: 'Benchtop' },
  { description: 'Stone benchtop', quantity: 3, unit: 'm', unitPriceCents: 110_000, group: 'Benchtop' },
];

/** A checkout whose events are what the test says they are: the webhook's signature check itself is Stripe's, tested on SQLite. */
/** The particulars a quote over $10,000 is sent with. */
const particulars = { siteAddress: '14 Smith Street, Northcote VIC 3070', startWithinWeeks: 4, completionWeeks: 6 };

/** The sessions made, by quote. */
const made = new Map<string, number>();
const events: DepositCheckout = {
  createSession: async ({ quoteId }) => {
    made.set(quoteId, (made.get(quoteId) ?? 0) + 1);
    return { id: `cs_${quoteId}`, url: `https://checkout.stripe.test/${quoteId}` };
  },
  expireSession: async () => undefined,
  verifyEvent: async (raw, signature) =>
    signature === 'good' ? { event: JSON.parse(raw.toString('utf8')) as CheckoutEvent } : { refused: 'signature' },
};

describe.skipIf(!firestoreEmulatorHost)(onEmulator('quotes on Firestore'), () => {
  let t: TestApp;
  let staff: Client;
  let db: Firestore;
  const queries = recordQueries();
  /** What the server logged: each webhook event that changed nothing. */
  const logged: string[] = [];

  beforeAll(async () => {
    const projectId = `quotes-${process.pid}-${Date.now()}`;
    const app = initializeApp({ projectId }, projectId);
    db = getFirestore(app);
    db.settings({ host: firestoreEmulatorHost, ssl: false });
    t = await startTestApp(
      {},
      () => createFirestoreStore(db, { mailFrom: 'quotes@example.com.au', onClose: () => deleteApp(app) }),
      undefined,
      undefined,
      {
        delivery: { policy: testPolicy, configured: { email: null, sms: null } },
        // Registered, as a builder sending quotes over $10,000 must be.
        settings: {
          ...testSettings,
          business: { ...testSettings.business, registrationNumber: 'DB-U 12345', email: 'office@northcote.example' },
        },
        checkout: events,
        logger: createLogger('warn', { write: (line: string) => void logged.push(line) }),
      },
    );
    staff = await t.adminClient();
  });
  afterAll(async () => {
    queries.stop();
    await t?.close();
  });

  async function sent() {
    const lead = await t.client().post<QuoteRequest>('/api/quote-request', goodQuote);
    expect(lead.status).toBe(201);
    const draft = await staff.post<Quote>(`/api/leads/quote/${lead.body.id}/quotes`, {
      items,
      terms: 'Deposit on acceptance.',
      ...particulars,
    });
    expect(draft.status).toBe(201);
    const res = await staff.post<Quote>(`/api/quotes/${draft.body.id}/send`);
    expect(res.status).toBe(200);
    const mail = await db.collection('mail').doc(`${lead.body.id}-${draft.body.id}-sent-1`).get();
    const message = mail.data()?.message as { text: string; attachments: Array<{ filename: string; content: string; encoding: string }> };
    const token = /\/your-project\?t=([A-Za-z0-9_.-]+)/.exec(message.text)?.[1];
    expect(token).toBeDefined();
    return { lead: lead.body, quote: res.body, token: token!, message, mail: mail.data() };
  }

  it('stores drafts with totals and numbers, and sends a Trigger Email document carrying the PDF', async () => {
    const { quote, message, token, mail } = await sent();
    // The extension sends it from the business's name at MAIL_FROM, replies going to the business.
    expect(mail).toMatchObject({ from: '"Northcote Kitchens & Bathrooms" <quotes@example.com.au>', replyTo: 'office@northcote.example' });
    expect(quote).toMatchObject({
      status: 'sent',
      version: 1,
      totals: { subtotalCents: 1_320_000, gstCents: 132_000, totalCents: 1_452_000 },
    });
    expect(quote.number).toMatch(/^Q-\d{4}$/);
    const [pdf] = message.attachments;
    expect(pdf).toMatchObject({ filename: `quote-${quote.number}-v1.pdf`, encoding: 'base64' });
    const doc = await getDocumentProxy(new Uint8Array(Buffer.from(pdf.content, 'base64')));
    const { text } = await extractText(doc, { mergePages: true });
    expect(text).toContain(`Quote ${quote.number}, version 1`);
    expect(text).toContain('$14,520.00');
    const page = await t.client().get<CustomerPage>(`/api/customer/${token}`);
    expect(page.body.quotes.map((q) => q.id)).toEqual([quote.id]);
    expect(page.body.depositMethods).toEqual({ card: true, bank: false });
  });

  it('accepts a version once however many accepts race, and the lead is won', async () => {
    const { lead, quote, token } = await sent();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.client().post<CustomerQuote & ApiError>(`/api/customer/${token}/quotes/${quote.id}/accept`, {
          name: 'Jack Smith',
          acceptTerms: true,
          consumerGuideReceived: true,
          choices: { Benchtop: 2 },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const won = answers.find((a) => a.status === 200)!.body;
    // 1,200,000 + 330,000 = 1,530,000 + GST = 1,683,000 ($16,830.00): under $20,000 the deposit is 10%.
    expect(won).toMatchObject({ acceptance: { totals: { totalCents: 1_683_000 } }, deposit: { percent: 10, cents: 168_300 } });
    const stored = (await db.collection('quote_requests').doc(lead.id).get()).data() as QuoteRequest;
    expect(stored.status).toBe('won');
    expect(stored.history.at(-1)).toMatchObject({ status: 'won', by: 'customer' });

    // Over $16,000: the insurance certificate first (an admin upload of a PDF), then a Checkout session, then its completion delivered twice: handled once.
    expect((await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`)).status).toBe(409);
    const ticket = await staff.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'document' });
    const certificate = await staff.request<{ url: string }>('PUT', ticket.body.uploadURL, { body: samplePdf() });
    expect(certificate.status).toBe(201);
    expect((await staff.put(`/api/quotes/${quote.id}/insurance`, { url: certificate.body.url })).status).toBe(200);
    expect((await t.client().post(`/api/customer/${token}/quotes/${quote.id}/deposit`)).body).toEqual({
      kind: 'checkout',
      url: `https://checkout.stripe.test/${quote.id}`,
    });
    const event = JSON.stringify({
      id: `evt_${quote.id}`,
      type: 'checkout.session.completed',
      session: { id: `cs_${quote.id}`, paymentStatus: 'paid', quoteId: quote.id, amountTotal: 168_300, currency: 'aud' },
    });
    const deliver = (signature: string) =>
      t.client().request<{ handled: boolean }>('POST', '/api/stripe/webhook', {
        body: event,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
    // Signed, but for another amount, currency or session, or unpaid: nothing changes.
    for (const session of [
      { id: `cs_${quote.id}`, paymentStatus: 'paid', quoteId: quote.id, amountTotal: 100, currency: 'aud' },
      { id: `cs_${quote.id}`, paymentStatus: 'paid', quoteId: quote.id, amountTotal: 168_300, currency: 'usd' },
      { id: 'cs_other', paymentStatus: 'paid', quoteId: quote.id, amountTotal: 168_300, currency: 'aud' },
      { id: `cs_${quote.id}`, paymentStatus: 'no_payment_required', quoteId: quote.id, amountTotal: 168_300, currency: 'aud' },
    ]) {
      const res = await t.client().request<{ handled: boolean }>('POST', '/api/stripe/webhook', {
        body: JSON.stringify({
          id: `evt_${session.id}_${session.amountTotal}_${session.currency}_${session.paymentStatus}`,
          type: 'checkout.session.completed',
          session,
        }),
        headers: { 'content-type': 'application/json', 'stripe-signature': 'good' },
      });
      expect(res.body.handled, JSON.stringify(session)).toBe(false);
    }
    expect(logged.filter((line) => line.includes('changed nothing'))).toHaveLength(4);
    expect(((await db.collection('quotes').doc(quote.id).get()).data()?.deposit as { status: string }).status).toBe('pending');
    expect((await deliver('bad')).status).toBe(400);
    expect(((await db.collection('quotes').doc(quote.id).get()).data()?.deposit as { status: string }).status).toBe('pending');
    expect((await deliver('good')).body.handled).toBe(true);
    expect((await deliver('good')).body.handled).toBe(false);
    expect(((await db.collection('quotes').doc(quote.id).get()).data()?.deposit as { status: string }).status).toBe('paid');
    expect((await db.collection('stripe_events').doc(`evt_${quote.id}`).get()).exists).toBe(true);
    // The payment is a line in the lead's history, once though the event came twice.
    const paidLead = (await db.collection('quote_requests').doc(lead.id).get()).data() as QuoteRequest;
    expect(paidLead.history.filter((entry) => entry.note?.startsWith('Deposit of '))).toEqual([
      expect.objectContaining({ by: 'Stripe', note: `Deposit of $1,683.00 on quote ${quote.number} received by card` }),
    ]);
  });

  it('makes one Checkout session however many ask at once, and refuses another version once one is accepted', async () => {
    const { lead, quote, token } = await sent();
    const v2 = await staff.put<Quote>(`/api/quotes/${quote.id}`, { items: items.slice(0, 1), ...particulars });
    expect(v2.body).toMatchObject({ version: 2, status: 'draft' });
    expect(
      (
        await t
          .client()
          .post(`/api/customer/${token}/quotes/${quote.id}/accept`, { name: 'Jack Smith', acceptTerms: true, consumerGuideReceived: true })
      ).status,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.client().post<{ url: string }>(`/api/customer/${token}/quotes/${quote.id}/deposit`)),
    );
    expect(answers.map((answer) => answer.body.url)).toEqual(Array(4).fill(`https://checkout.stripe.test/${quote.id}`));
    expect(made.get(quote.id)).toBe(1);
    const sendV2 = await staff.post<ApiError>(`/api/quotes/${v2.body.id}/send`);
    expect(sendV2.status).toBe(409);
    expect(sendV2.body.message).toMatch(/^This quote was accepted on \d{1,2} [A-Z][a-z]+ \d{4}: make a new quote for changes$/);
    const stored = await db.collection('quotes').doc(v2.body.id).get();
    expect(stored.data()?.status).toBe('draft');
    expect((await db.collection('mail').doc(`${lead.id}-${v2.body.id}-sent-1`).get()).exists).toBe(false);
  });

  it('declines with the reason in the lead history, and version 2 replaces version 1', async () => {
    const first = await sent();
    const v2 = await staff.put<Quote>(`/api/quotes/${first.quote.id}`, { items: items.slice(0, 1), ...particulars });
    expect(v2.body).toMatchObject({ version: 2, status: 'draft', number: first.quote.number });
    expect((await staff.post(`/api/quotes/${v2.body.id}/send`)).status).toBe(200);
    const replaced = await t.client().post<ApiError>(`/api/customer/${first.token}/quotes/${first.quote.id}/decline`, {});
    expect(replaced.status).toBe(410);
    expect(replaced.body.message).toBe(quoteAnswerMessages.replaced);
    const declined = await t
      .client()
      .post<CustomerQuote>(`/api/customer/${first.token}/quotes/${v2.body.id}/decline`, { reason: 'Too dear' });
    expect(declined.status).toBe(200);
    const stored = (await db.collection('quote_requests').doc(first.lead.id).get()).data() as QuoteRequest;
    expect(stored.status).toBe('lost');
    expect(stored.history.at(-1)?.note).toBe(`Quote ${first.quote.number} version 2 declined: Too dear`);
    const list = await staff.get<{ items: Quote[] }>(`/api/leads/quote/${first.lead.id}/quotes`);
    expect(list.body.items.map((q) => [q.version, q.status])).toEqual([
      [2, 'declined'],
      [1, 'replaced'],
    ]);
  });

  it('keeps a major contract: the deposit waits for the certificate, and a withdrawal within the period is stored', async () => {
    // $18,150.00 including GST: major, and over $16,000.
    const big = [{ description: 'Kitchen', quantity: 1, unitPriceCents: 1_650_000 }];
    const settings = await staff.get<{ version: number; settings: typeof testSettings }>('/api/settings');
    await staff.put('/api/settings', {
      version: settings.body.version,
      business: { ...settings.body.settings.business, registrationNumber: 'DB-U 12345' },
    });
    const lead = await t.client().post<QuoteRequest>('/api/quote-request', goodQuote);
    const draft = await staff.post<Quote>(`/api/leads/quote/${lead.body.id}/quotes`, { items: big });
    expect((await staff.post<ApiError>(`/api/quotes/${draft.body.id}/send`)).status).toBe(409);
    await staff.put(`/api/quotes/${draft.body.id}`, {
      items: big,
      siteAddress: '14 Smith Street, Northcote VIC 3070',
      startWithinWeeks: 4,
      completionWeeks: 6,
    });
    expect((await staff.post(`/api/quotes/${draft.body.id}/send`)).status).toBe(200);
    const mail = await db.collection('mail').doc(`${lead.body.id}-${draft.body.id}-sent-1`).get();
    const token = /\/your-project\?t=([A-Za-z0-9_.-]+)/.exec((mail.data()?.message as { text: string }).text)![1];
    const accepted = await t.client().post<CustomerQuote>(`/api/customer/${token}/quotes/${draft.body.id}/accept`, {
      name: 'Jack Smith',
      acceptTerms: true,
      consumerGuideReceived: true,
    });
    expect(accepted.status).toBe(200);
    const stored = (await db.collection('quotes').doc(draft.body.id).get()).data()!;
    expect(stored.coolingOffEndsAt).toBe(accepted.body.coolingOffEndsAt);
    expect(stored.siteAddress).toBe('14 Smith Street, Northcote VIC 3070');
    const held = await t.client().post<ApiError>(`/api/customer/${token}/quotes/${draft.body.id}/deposit`);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe(quoteAnswerMessages.insuranceFirst(testSettings.business.brand));
    const withdrawn = await t
      .client()
      .post<CustomerQuote>(`/api/customer/${token}/quotes/${draft.body.id}/withdraw`, { name: 'Jack Smith' });
    expect(withdrawn.status).toBe(200);
    const after = (await db.collection('quotes').doc(draft.body.id).get()).data()!;
    expect(after.status).toBe('withdrawn');
    expect(after.withdrawal).toMatchObject({ name: 'Jack Smith', refundDueCents: 0 });
    expect(((await db.collection('quote_requests').doc(lead.body.id).get()).data() as QuoteRequest).status).toBe('quoted');
  });

  it('asks only for queries whose composite indexes firestore.indexes.json declares', () => {
    const declared = indexFile().indexes;
    const needs = queries.needs().filter((need) => need.collectionGroup === 'quotes');
    expect(needs.map(describeNeed).sort()).toEqual(['quotes: leadId ==, createdAt DESCENDING']);
    expect(needs.filter((need) => !declared.some((index) => serves(index, need))).map(describeNeed)).toEqual([]);
  });
});
