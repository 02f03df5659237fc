import { inquiryInputSchema, quoteInputSchema, type Inquiry, type QuoteRequest } from '@site/domain';
import { Router } from 'express';
import { notFound } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { body, idParam, parse } from '../http/validate';
import { newId } from '../ids';
import type { RouteContext } from './context';
import { isBot } from './honeypot';
import { sendList } from './list';

/** Project inquiries and quote requests: public submission, admin reading and deletion. */
export function leadRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { store, sessions, notifier } = ctx;
  const forms = rateLimit(ctx.limiters.forms, 'forms');

  router.post('/project-inquiry', forms, async (req, res) => {
    const raw = body(req);
    const input = parse(inquiryInputSchema, raw);
    const inquiry: Inquiry = { id: newId(), ...input, createdAt: ctx.clock.now().toISOString() };
    if (!isBot(raw)) {
      await store.inquiries.insert(inquiry);
      notifier.inquiryReceived(inquiry).catch((error) => ctx.log('inquiry notification failed', error));
    }
    res.status(201).json(inquiry);
  });

  router.post('/quote-request', forms, async (req, res) => {
    const raw = body(req);
    const input = parse(quoteInputSchema, raw);
    const quote: QuoteRequest = { id: newId(), ...input, createdAt: ctx.clock.now().toISOString() };
    if (!isBot(raw)) {
      await store.quotes.insert(quote);
      notifier.quoteRequested(quote).catch((error) => ctx.log('quote notification failed', error));
    }
    res.status(201).json(quote);
  });

  router.get('/project-inquiries', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, store.inquiries, { orderBy: 'createdAt', direction: 'desc' });
  });

  router.delete('/project-inquiry/:id', sessions.requireAdmin, async (req, res) => {
    if (!(await store.inquiries.delete(idParam(req)))) throw notFound('Inquiry not found');
    res.status(204).end();
  });

  router.get('/quote-requests', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, store.quotes, { orderBy: 'createdAt', direction: 'desc' });
  });

  router.delete('/quote-request/:id', sessions.requireAdmin, async (req, res) => {
    if (!(await store.quotes.delete(idParam(req)))) throw notFound('Quote request not found');
    res.status(204).end();
  });

  return router;
}
