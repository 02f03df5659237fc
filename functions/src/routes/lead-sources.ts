import { Router } from 'express';
import { z } from 'zod';
import { InvalidError } from '../ports/errors';
import { parse, queryParams } from '../http/validate';
import type { RouteContext } from './context';

const day = 24 * 60 * 60 * 1000;
/** The longest period the view asks about: a year and a day, for a leap year. */
const maxPeriodDays = 366;

const instant = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time such as 2026-01-31T13:00:00Z` });
const periodSchema = z.object({ from: instant('from').optional(), to: instant('to').optional() });
const periodError = (message: string) => new InvalidError(message, { from: message });

/** GET /api/leads/sources: leads, quoted and won per channel and per campaign over a period (services/lead-sources.ts). */
export function leadSourceRoutes(ctx: Pick<RouteContext, 'clock' | 'leadSources' | 'sessions'>): Router {
  const router = Router();
  const { sessions } = ctx;

  router.get('/leads/sources', sessions.requireAdmin, async (req, res) => {
    const { from: fromText, to: toText } = parse(periodSchema, queryParams(req));
    const to = toText ? new Date(toText) : ctx.clock.now();
    const from = fromText ? new Date(fromText) : new Date(to.getTime() - 30 * day);
    if (from >= to) throw periodError('from must be before to');
    if (to.getTime() - from.getTime() > maxPeriodDays * day) throw periodError(`The period can be at most ${maxPeriodDays} days`);
    res.json(await ctx.leadSources(from, to));
  });

  return router;
}
