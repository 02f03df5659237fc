import { reviewInputSchema } from '@site/domain';
import { Router } from 'express';
import { signedIn } from '../auth/sessions';
import { notModified } from '../http/conditional';
import { body, idParam, listQuery, parse } from '../http/validate';
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

/** Reviews: anyone writes, they wait for approval, the public reads only approved ones (services/reviews.ts). */
export function reviewRoutes(ctx: Pick<RouteContext, 'limits' | 'reviews' | 'sessions' | 'verifiedClient'>): Router {
  const router = Router();
  const { reviews, sessions } = ctx;

  router.post('/review', ctx.verifiedClient, ctx.limits.forms, async (req, res) => {
    const raw = body(req);
    const input = parse(reviewInputSchema, raw);
    res.status(201).json(await reviews.submit(input, isBot(raw)));
  });

  router.get('/reviews/all', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, reviews.list, { orderBy: 'createdAt', direction: 'desc' });
  });

  router.post('/review/:id/approve', sessions.requireAdmin, async (req, res) => {
    res.json(await reviews.approve(idParam(req), { from: req, actor: signedIn(res).user }));
  });

  router.delete('/review/:id', sessions.requireAdmin, async (req, res) => {
    await reviews.remove(idParam(req), { from: req, actor: signedIn(res).user });
    res.status(204).end();
  });

  return router;
}
