import { visitInputSchema, type Visitor, type VisitorDay } from '@site/domain';
import { Router } from 'express';
import { isbot } from 'isbot';
import { z } from 'zod';
import { body, parse } from '../http/validate';
import { newId } from '../ids';
import { businessTimeZone } from '@site/domain/calendar';
import { isTimeZone, lastDays } from '../services/days';
import { UniqueVisitors } from '../services/unique-visitors';
import type { RouteContext } from './context';
import { sendList } from './list';

const dailyQuerySchema = z.object({
  days: z.coerce.number().int().min(1, 'days must be between 1 and 366').max(366, 'days must be between 1 and 366').default(30),
  timeZone: z.string().max(64).default(businessTimeZone).refine(isTimeZone, 'Unknown time zone'),
});

export function visitorRoutes(ctx: Pick<RouteContext, 'clock' | 'limits' | 'sessions' | 'store' | 'verifiedClient'>): Router {
  const router = Router();
  const { store, sessions } = ctx;
  const uniques = new UniqueVisitors(store, ctx.clock);

  // Only people count: crawlers and the business's own admins (a live session) get the same 204 and leave nothing.
  router.post('/visits', ctx.verifiedClient, ctx.limits.visits, async (req, res) => {
    const { page } = parse(visitInputSchema, body(req));
    const userAgent = req.get('user-agent')?.slice(0, 512);
    if (isbot(userAgent) || (await sessions.current(req))) {
      res.status(204).end();
      return;
    }
    const ipAddress = req.ip?.replace(/^::ffff:/, '');
    const visit: Visitor = {
      id: newId(),
      page,
      ...(userAgent ? { userAgent } : {}),
      ...(ipAddress ? { ipAddress } : {}),
      visitedAt: ctx.clock.now().toISOString(),
      visitorKey: await uniques.record(ipAddress ?? '', userAgent ?? ''),
    };
    await store.visitors.insert(visit);
    res.status(204).end();
  });

  // Visits and unique visitors per day for a chart: two count queries per day, so it stays cheap with many visits.
  router.get('/visitors/daily', sessions.requireAdmin, async (req, res) => {
    const { days, timeZone } = parse(dailyQuerySchema, req.query);
    const windows = lastDays(ctx.clock.now(), days, timeZone);
    const [counts, unique] = await Promise.all([
      Promise.all(
        windows.map((w) => store.visitors.count(undefined, { field: 'visitedAt', from: w.from.toISOString(), to: w.to.toISOString() })),
      ),
      Promise.all(windows.map((w) => uniques.unique(w.from, w.to))),
    ]);
    const answer: VisitorDay[] = windows.map((w, i) => ({ day: w.day, count: counts[i], unique: unique[i] }));
    res.json(answer);
  });

  router.get('/visitors', sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, store.visitors, { orderBy: 'visitedAt', direction: 'desc' });
  });

  return router;
}
