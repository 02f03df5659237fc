import { visitInputSchema } from '@site/domain';
import { Router } from 'express';
import { isbot } from 'isbot';
import { z } from 'zod';
import { body, parse } from '../http/validate';
import { businessTimeZone } from '@site/domain/calendar';
import { isTimeZone } from '../services/days';
import type { RouteContext } from './context';
import { sendList } from './list';

const dailyQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be between 1 and 366').max(366, 'days must be between 1 and 366').default(30),
  timeZone: z.string().max(64).default(businessTimeZone).refine(isTimeZone, 'Unknown time zone'),
});

export function visitorRoutes(ctx: Pick<RouteContext, 'limits' | 'sessions' | 'verifiedClient' | 'visitors'>): Router {
  const router = Router();
  const { sessions, visitors } = ctx;

  // Only people count: crawlers and the business's own admins (a live session) get the same 204 and leave nothing.
  router.post('/visits', ctx.verifiedClient, ctx.limits.visits, async (req, res) => {
    const { page } = parse(visitInputSchema, body(req));
    const userAgent = req.get('user-agent')?.slice(0, 512);
    if (isbot(userAgent) || (await sessions.current(req))) {
      res.status(204).end();
      return;
    }
    await visitors.record(page, req.ip?.replace(/^::ffff:/, ''), userAgent);
    res.status(204).end();
  });

  router.get('/visitors/daily', sessions.requireAdmin, async (req, res) => {
    const { days, timeZone } = parse(dailyQuerySchema, req.query);
    res.json(await visitors.daily(days, timeZone));
  });

  router.get('/visitors', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, visitors.list, { orderBy: 'visitedAt', direction: 'desc' });
  });

  return router;
}
