import { visitInputSchema, type Visitor } from '@site/domain';
import { Router } from 'express';
import { z } from 'zod';
import { body, parse } from '../http/validate';
import { newId } from '../ids';
import { isTimeZone, lastDays } from '../services/days';
import type { RouteContext } from './context';
import { sendList } from './list';

const dailyQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be between 1 and 366').max(366, 'days must be between 1 and 366').default(30),
  timeZone: z.string().max(64).default('Australia/Melbourne').refine(isTimeZone, 'Unknown time zone'),
});

export function visitorRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { store, sessions } = ctx;

  router.post('/visits', ctx.verifiedClient, ctx.limits.visits, async (req, res) => {
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

  // Visits per day for a chart: one count query per day, so it stays cheap with many visits.
  router.get('/visitors/daily', sessions.requireAdmin, async (req, res) => {
    const { days, timeZone } = parse(dailyQuerySchema, req.query);
    const windows = lastDays(ctx.clock.now(), days, timeZone);
    const counts = await Promise.all(
      windows.map((w) => store.visitors.count(undefined, { field: 'visitedAt', from: w.from.toISOString(), to: w.to.toISOString() })),
    );
    res.json(windows.map((w, i) => ({ day: w.day, count: counts[i] })));
  });

  router.get('/visitors', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, store.visitors, { orderBy: 'visitedAt', direction: 'desc' });
  });

  return router;
}
