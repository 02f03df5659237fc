import { inquiryInputSchema, quoteInputSchema, type Inquiry, type QuoteRequest } from '@site/domain';
import { Router } from 'express';
import { notFound } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { body, idParam, parse } from '../http/validate';
import { newId } from '../ids';
import type { Lead } from '../ports/messages';
import { leadMessages } from '../services/lead-messages';
import type { RouteContext } from './context';
import { isBot } from './honeypot';
import { sendList } from './list';

/** Project inquiries and quote requests: public submission, admin reading and deletion. */
export function leadRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { store, sessions } = ctx;
  const forms = rateLimit(ctx.limiters.forms, 'forms');

  router.post('/project-inquiry', forms, async (req, res) => {
    const raw = body(req);
    const input = parse(inquiryInputSchema, raw);
    const now = ctx.clock.now();
    const inquiry: Inquiry = { id: newId(), ...input, createdAt: now.toISOString() };
    if (!isBot(raw)) await recordLead(ctx, { kind: 'inquiry', record: inquiry }, now);
    res.status(201).json(inquiry);
  });

  router.post('/quote-request', forms, async (req, res) => {
    const raw = body(req);
    const input = parse(quoteInputSchema, raw);
    const now = ctx.clock.now();
    const quote: QuoteRequest = { id: newId(), ...input, createdAt: now.toISOString() };
    if (!isBot(raw)) await recordLead(ctx, { kind: 'quote', record: quote }, now);
    res.status(201).json(quote);
  });

  router.get('/project-inquiries', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, store.inquiries, { orderBy: 'createdAt', direction: 'desc', withMessages: store.messages });
  });

  router.delete('/project-inquiry/:id', sessions.requireAdmin, async (req, res) => {
    if (!(await store.inquiries.delete(idParam(req)))) throw notFound('Inquiry not found');
    res.status(204).end();
  });

  router.get('/quote-requests', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, store.quotes, { orderBy: 'createdAt', direction: 'desc', withMessages: store.messages });
  });

  router.delete('/quote-request/:id', sessions.requireAdmin, async (req, res) => {
    if (!(await store.quotes.delete(idParam(req)))) throw notFound('Quote request not found');
    res.status(204).end();
  });

  return router;
}

/** Stores a lead with the messages about it (one transaction), then tells the sender. */
export async function recordLead(ctx: RouteContext, lead: Lead, now: Date): Promise<void> {
  await ctx.store.messages.insertLead(lead, leadMessages(lead, ctx.delivery.settings, now), now.toISOString());
  ctx.delivery.wake?.();
}
