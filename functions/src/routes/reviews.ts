import { reviewInputSchema } from '@site/domain';
import { Router } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { signedIn } from '../auth/sessions';
import { notModified } from '../http/conditional';
import { openerPolicyFor, securityHeaderList } from '../http/security';
import type { PublicReviewPage } from '../services/public-reviews';
import { body, idParam, listQuery, listQueryOfUrl, listQuerySchema, parse } from '../http/validate';
import type { RouteContext } from './context';
import { isBot } from './honeypot';
import { sendList } from './list';

/**
 * A page of public reviews' own headers, whichever route sends it: browsers keep the answer and
 * ask again with its ETag, getting 304 while nothing changed; the count and the next page's
 * cursor go beside the body.
 */
function reviewPageHeaders(page: PublicReviewPage): Record<string, string> {
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache', ETag: page.etag, 'X-Total-Count': String(page.total) };
  if (page.next) headers['X-Next-Cursor'] = page.next;
  return headers;
}

/**
 * The approved reviews every public page lists, from memory (services/public-reviews.ts). Mounted
 * first in the API: the busiest read skips the other routers and the body parsers.
 */
export function publicReviewRoutes(ctx: Pick<RouteContext, 'publicReviews'>): Router {
  const router = Router();
  router.get('/reviews', async (req, res) => {
    const page = await ctx.publicReviews.page(listQuery(req));
    res.set(reviewPageHeaders(page));
    if (notModified(req, page.etag)) {
      res.status(304).end();
      return;
    }
    res.type('json').send(page.body);
  });

  return router;
}

const reviewsPath = '/api/reviews';

/**
 * GET (and HEAD) /api/reviews at the front of the app, before Express and the API's routers:
 * the busiest read, answered from memory (services/public-reviews.ts) with its headers made
 * once per page. It reads Node's own request and response, so the embedded server calls it
 * before Express (`App.requestListener`), and Express mounts it first too (the Cloud Function
 * and anything else that serves the Express app). It sends what the API's route above sends,
 * the security headers included (http/security.ts); the request log in front records it like
 * any other. Anything else, and a query the route would refuse, goes on (`next`): its answer
 * (a 400 for a bad limit, the same page for `/api/reviews/`) is the routers'.
 */
export function publicReviewsFirst(
  ctx: Pick<RouteContext, 'publicReviews'>,
): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void {
  const common = [...securityHeaderList, ['Cross-Origin-Opener-Policy', openerPolicyFor(reviewsPath) ?? ''] as const].filter(
    ([, value]) => value !== '',
  );
  // The headers of a page's 200 and 304, made when the page is first sent.
  const made = new WeakMap<PublicReviewPage, { ok: Record<string, string>; same: Record<string, string> }>();
  const headersOf = (page: PublicReviewPage) => {
    let headers = made.get(page);
    if (!headers) {
      const same: Record<string, string> = { ...Object.fromEntries(common), ...reviewPageHeaders(page) };
      const ok = { ...same, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(page.bytes.length) };
      headers = { ok, same };
      made.set(page, headers);
    }
    return headers;
  };
  // The query of a request without one (the schema's defaults), read once.
  const firstPage = listQuerySchema.parse({});
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '';
    const end = url.indexOf('?');
    if ((end === -1 ? url : url.slice(0, end)) !== reviewsPath) return next();
    const query = end === -1 ? firstPage : listQueryOfUrl(url);
    if (!query) return next();
    ctx.publicReviews.page(query).then((page) => {
      const headers = headersOf(page);
      if (notModified(req, page.etag)) {
        res.writeHead(304, headers.same).end();
        return;
      }
      res.writeHead(200, headers.ok);
      if (req.method === 'HEAD') res.end();
      else res.end(page.body);
    }, next);
  };
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
