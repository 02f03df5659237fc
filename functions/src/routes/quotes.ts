import {
  customerFilesSchema,
  quoteAcceptSchema,
  quoteDeclineSchema,
  quoteDraftSchema,
  quoteInsuranceSchema,
  quoteLeadIdsSchema,
  quoteWithdrawSchema,
  quoteLeadKinds,
  type QuoteLeadKind,
} from '@site/domain';
import express, { Router, type Request, type Response } from 'express';
import type { Readable } from 'node:stream';
import { signedIn } from '../auth/sessions';
import { NotFoundError } from '../ports/errors';
import { body, idParam, parse, queryParams } from '../http/validate';
import type { QuoteRecord } from '../ports/quotes';
import type { Deferred } from '../services/deferred';
import type { CustomerQuotes } from '../services/customer-quotes';
import type { QuotePayments } from '../services/quote-payments';
import type { StaffQuotes } from '../services/staff-quotes';
import type { RouteContext } from './context';

/** A Stripe event's body at most: Checkout sessions are a few KB. */
const webhookLimitBytes = 512 * 1024;

/** A lead's kind in the path (`inquiry` or `quote`): anything else is a 404, like an unknown lead. */
function leadKindParam(req: Request): QuoteLeadKind {
  const kind = String(req.params.kind);
  if (!(quoteLeadKinds as readonly string[]).includes(kind)) throw new NotFoundError('Not found');
  return kind as QuoteLeadKind;
}

/** A customer link's token in the path; a malformed one is a 404 like a tampered one. */
function tokenParam(req: Request): string {
  const token = String(req.params.token);
  if (!/^[A-Za-z0-9_.-]{1,200}$/.test(token)) throw new NotFoundError('Not found');
  return token;
}

/** A quote's insurance certificate, streamed as the PDF it is. */
function sendInsurance(res: Response, { quote, file }: { quote: QuoteRecord; file: { stream: Readable; size: number } }) {
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Length': String(file.size),
    'Content-Disposition': `inline; filename="insurance-certificate-${quote.number}.pdf"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  file.stream.on('error', () => res.destroy());
  file.stream.pipe(res);
}

function sendPdf(res: Response, { quote, pdf }: { quote: QuoteRecord; pdf: Buffer }) {
  res
    .set('Content-Type', 'application/pdf')
    .set('Content-Disposition', `inline; filename="quote-${quote.number}-v${quote.version}.pdf"`)
    .send(pdf);
}

/**
 * Quotes: staff's drafts, sending and PDFs on a lead (services/staff-quotes.ts); the customer's
 * own page by the signed link, with their quotes' PDFs, accepting and declining
 * (services/customer-quotes.ts); the deposit, marking it paid and refunds (services/quote-payments.ts).
 */
export function quoteRoutes(
  ctx: Pick<RouteContext, 'sessions' | 'audit' | 'limits' | 'verifiedClient'> & {
    staffQuotes: Deferred<StaffQuotes>;
    customerQuotes: Deferred<CustomerQuotes>;
    payments: Deferred<QuotePayments>;
  },
): Router {
  const router = Router();
  const { staffQuotes: quotes, customerQuotes: customer, payments, sessions, audit } = ctx;
  const forms = ctx.limits.forms;

  router.post('/leads/:kind/:id/quotes', sessions.requireAdmin, async (req, res) => {
    const kind = leadKindParam(req);
    const id = idParam(req);
    const quote = await quotes.createDraft(kind, id, parse(quoteDraftSchema, body(req)));
    await audit.record(req, signedIn(res).user, 'quote.created', {
      target: `${kind}:${id}`,
      detail: `${quote.number} version ${quote.version}`,
    });
    res.status(201).json(quote);
  });

  router.get('/leads/:kind/quotes', sessions.requireAdmin, async (req, res) => {
    const { ids } = parse(quoteLeadIdsSchema, queryParams(req));
    res.json({ items: await quotes.listForLeads(leadKindParam(req), ids) });
  });

  router.get('/leads/:kind/:id/quotes', sessions.requireAdmin, async (req, res) => {
    res.json({ items: await quotes.listForLead(leadKindParam(req), idParam(req)) });
  });

  router.put('/quotes/:id', sessions.requireAdmin, async (req, res) => {
    res.json(await quotes.update(idParam(req), parse(quoteDraftSchema, body(req))));
  });

  router.post('/quotes/:id/send', sessions.requireAdmin, async (req, res) => {
    const admin = signedIn(res).user;
    const quote = await quotes.send(idParam(req), admin.username);
    await audit.record(req, admin, 'quote.sent', {
      target: `${quote.leadKind}:${quote.leadId}`,
      detail: `${quote.number} version ${quote.version}`,
    });
    res.json(quote);
  });

  router.post('/quotes/:id/deposit-paid', sessions.requireAdmin, async (req, res) => {
    const quote = await payments.markDepositPaid(idParam(req));
    await audit.record(req, signedIn(res).user, 'quote.deposit_paid', {
      target: `${quote.leadKind}:${quote.leadId}`,
      detail: `${quote.number} version ${quote.version}`,
    });
    res.json(quote);
  });

  router.get('/quotes/:id/pdf', sessions.requireAdmin, async (req, res) => {
    sendPdf(res, await quotes.pdf(idParam(req)));
  });

  router.put('/quotes/:id/insurance', sessions.requireAdmin, async (req, res) => {
    const { url } = parse(quoteInsuranceSchema, body(req));
    const quote = await quotes.attachInsurance(idParam(req), url);
    await audit.record(req, signedIn(res).user, 'quote.insurance_attached', {
      target: `${quote.leadKind}:${quote.leadId}`,
      detail: `${quote.number} version ${quote.version}`,
    });
    res.json(quote);
  });

  router.delete('/quotes/:id/insurance', sessions.requireAdmin, async (req, res) => {
    const quote = await quotes.removeInsurance(idParam(req));
    await audit.record(req, signedIn(res).user, 'quote.insurance_removed', {
      target: `${quote.leadKind}:${quote.leadId}`,
      detail: `${quote.number} version ${quote.version}`,
    });
    res.json(quote);
  });

  router.get('/quotes/:id/insurance', sessions.requireAdmin, async (req, res) => {
    sendInsurance(res, await quotes.insuranceFile(idParam(req)));
  });

  router.post('/quotes/:id/refunded', sessions.requireAdmin, async (req, res) => {
    const quote = await payments.markRefunded(idParam(req));
    await audit.record(req, signedIn(res).user, 'quote.refunded', {
      target: `${quote.leadKind}:${quote.leadId}`,
      detail: `${quote.number} version ${quote.version}`,
    });
    res.json(quote);
  });

  router.get('/customer/:token', async (req, res) => {
    res.json(await customer.customerPage(tokenParam(req)));
  });

  router.get('/customer/:token/quotes/:quoteId/pdf', ctx.limits.customerPdfs, async (req, res) => {
    sendPdf(res, await customer.customerPdf(tokenParam(req), idParam(req, 'quoteId')));
  });

  router.get('/customer/:token/quotes/:quoteId/insurance', ctx.limits.customerPdfs, async (req, res) => {
    sendInsurance(res, await customer.customerInsurance(tokenParam(req), idParam(req, 'quoteId')));
  });

  router.post('/customer/:token/quotes/:quoteId/withdraw', ctx.verifiedClient, forms, async (req, res) => {
    const { name } = parse(quoteWithdrawSchema, body(req));
    res.json(await customer.withdraw(tokenParam(req), idParam(req, 'quoteId'), name));
  });

  router.post('/customer/:token/files', ctx.verifiedClient, forms, async (req, res) => {
    const token = tokenParam(req);
    const { attachments } = parse(customerFilesSchema, body(req));
    res.json({ files: await customer.addFiles(token, attachments) });
  });

  router.post('/customer/:token/quotes/:quoteId/accept', ctx.verifiedClient, forms, async (req, res) => {
    const input = parse(quoteAcceptSchema, body(req));
    const client = { ip: req.ip?.replace(/^::ffff:/, '') ?? '', userAgent: (req.get('user-agent') ?? '').slice(0, 500) };
    res.json(await customer.accept(tokenParam(req), idParam(req, 'quoteId'), input, client));
  });

  router.post('/customer/:token/quotes/:quoteId/decline', ctx.verifiedClient, forms, async (req, res) => {
    const { reason } = parse(quoteDeclineSchema, body(req));
    res.json(await customer.decline(tokenParam(req), idParam(req, 'quoteId'), reason || undefined));
  });

  router.post('/customer/:token/quotes/:quoteId/deposit', ctx.verifiedClient, forms, async (req, res) => {
    res.json(await payments.deposit(tokenParam(req), idParam(req, 'quoteId')));
  });

  return router;
}

/** Stripe's webhook: before the JSON parser, since its signature is over the raw bytes. */
export function stripeWebhookRoutes(ctx: { payments: Deferred<QuotePayments> }): Router {
  const router = Router();
  router.post('/stripe/webhook', express.raw({ type: () => true, limit: webhookLimitBytes }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.json({ received: true, ...(await ctx.payments.stripeEvent(raw, req.get('stripe-signature'))) });
  });
  return router;
}
