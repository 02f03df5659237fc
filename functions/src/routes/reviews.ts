import { reviewInputSchema, toPublicReview, type Review } from '@site/domain';
import { Router } from 'express';
import { signedIn } from '../auth/sessions';
import { notFound } from '../http/errors';
import { body, idParam, parse } from '../http/validate';
import { newId } from '../ids';
import type { RouteContext } from './context';
import { isBot } from './honeypot';
import { recordLead } from './leads';
import { sendList } from './list';

/** Reviews: anyone writes, they wait for approval, the public reads only approved ones. */
export function reviewRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { store, sessions } = ctx;

  router.get('/reviews', async (req, res) => {
    await sendList(req, res, store.reviews, {
      where: { approved: true },
      orderBy: 'createdAt',
      direction: 'desc',
      map: toPublicReview,
    });
  });

  router.post('/review', ctx.verifiedClient, ctx.limits.forms, async (req, res) => {
    const raw = body(req);
    const { email, ...input } = parse(reviewInputSchema, raw);
    const now = ctx.clock.now();
    const review: Review = {
      id: newId(),
      ...input,
      ...(email ? { email } : {}),
      approved: false,
      createdAt: now.toISOString(),
    };
    if (!isBot(raw)) await recordLead(ctx, { kind: 'review', record: review }, now);
    res.status(201).json(review);
  });

  router.get('/reviews/all', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, store.reviews, { orderBy: 'createdAt', direction: 'desc' });
  });

  router.post('/review/:id/approve', sessions.requireAdmin, async (req, res) => {
    const approved = await store.reviews.update(idParam(req), { approved: true });
    if (!approved) throw notFound('Review not found');
    await ctx.audit.record(req, signedIn(res).user, 'review.approved', { target: `review:${approved.id}`, detail: approved.customerName });
    res.json(approved);
  });

  router.delete('/review/:id', sessions.requireAdmin, async (req, res) => {
    const id = idParam(req);
    const existing = await store.reviews.get(id);
    if (!existing || !(await store.reviews.delete(id))) throw notFound('Review not found');
    await ctx.audit.record(req, signedIn(res).user, 'review.deleted', { target: `review:${id}`, detail: existing.customerName });
    res.status(204).end();
  });

  return router;
}
