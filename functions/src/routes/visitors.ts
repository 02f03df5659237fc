import { visitInputSchema, type Visitor } from '@site/domain';
import { Router } from 'express';
import { rateLimit } from '../http/rate-limit';
import { body, parse } from '../http/validate';
import { newId } from '../ids';
import type { RouteContext } from './context';
import { sendList } from './list';

export function visitorRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { store, sessions } = ctx;

  router.post('/visits', rateLimit(ctx.limiters.visits, 'visits'), async (req, res) => {
    const { page } = parse(visitInputSchema, body(req));
    const userAgent = req.get('user-agent')?.slice(0, 512);
    const visit: Visitor = {
      id: newId(),
      page,
      ...(userAgent ? { userAgent } : {}),
      ...(req.ip ? { ipAddress: req.ip.replace(/^::ffff:/, '') } : {}),
      visitedAt: ctx.clock.now().toISOString(),
    };
    await store.visitors.insert(visit);
    res.status(204).end();
  });

  router.get('/visitors', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, store.visitors, { orderBy: 'visitedAt', direction: 'desc' });
  });

  return router;
}
