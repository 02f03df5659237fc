import { reviewInputSchema, type Review } from '@site/domain';
import { Router } from 'express';
import { signedIn } from '../auth/sessions';
import { notFound } from '../http/errors';
import { notModified } from '../http/conditional';
import { body, idParam, listQuery, parse } from '../http/validate';
import { newId } from '../ids';
import type { RouteContext } from './context';
import { isBot } from './honeypot';
import { sendList } from './list';

/**
 * The approved reviews every public page lists, from memory (services/public-reviews.ts). Mounted
 * first in the API: the busiest read skips the other routers and the body parsers.
 */
export function publicReviewRoutes(ctx: Pick<RouteContext, 'publicReviews'>): Router {
  const router = Router();
  // Public: browsers keep the answer and ask again with its ETag, getting 304 while nothing changed.
  router.get('/reviews', async (req, res) => {
    const page = await ctx.publicReviews.page(listQuery(req));
    res.set({ 'Cache-Control': 'no-cache', ETag: page.etag, 'X-Total-Count': String(page.total) });
    if (page.next) res.set('X-Next-Cursor', page.next);
    if (notModified(req, page.etag)) {
      res.status(304).end();
      return;
    }
    res.type('json').send(page.body);
  });

  return router;
}

/** Reviews: anyone writes, they wait for approval, the public reads only approved ones. */
export function reviewRoutes(
  ctx: Pick<RouteContext, 'audit' | 'clock' | 'leads' | 'limits' | 'reviewRequests' | 'sessions' | 'store' | 'verifiedClient'>,
): Router {
  const router = Router();
  const { store, sessions } = ctx;

  router.post('/review', ctx.verifiedClient, ctx.limits.forms, async (req, res) => {
    const raw = body(req);
    const { email, invite: token, ...input } = parse(reviewInputSchema, raw);
    const bot = isBot(raw);
    const id = newId();
    // Through the customer's own link: the link is used up first (two tabs cannot both use it),
    // then the review is stored as verified, with the lead it came from.
    const invite = token && !bot ? await ctx.reviewRequests.redeem(token, id) : undefined;
    const now = ctx.clock.now();
    const address = email ?? invite?.email;
    const review: Review = {
      id,
      ...input,
      ...(address ? { email: address } : {}),
      approved: false,
      verified: invite !== undefined,
      ...(invite ? { leadId: `${invite.leadKind}:${invite.leadId}` } : {}),
      createdAt: now.toISOString(),
    };
    if (!bot) await ctx.leads.record({ kind: 'review', record: review }, now);
    if (invite) await ctx.reviewRequests.recordReceived(invite, review.customerName);
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
