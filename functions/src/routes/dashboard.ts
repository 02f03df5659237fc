import { Router } from 'express';
import { HttpError } from '../http/errors';
import { dashboardStart } from '../services/dashboard';
import type { RouteContext } from './context';

/**
 * GET /api/dashboard: the session and the staff dashboard's first screen in one answer
 * (services/dashboard.ts), so a phone paints the dashboard after one round trip. 401 without a
 * session, as GET /api/user.
 */
export function dashboardRoutes(
  ctx: Pick<RouteContext, 'clock' | 'delivery' | 'lastBackupAt' | 'leads' | 'sessions' | 'settings' | 'store'>,
): Router {
  const router = Router();
  router.get('/dashboard', async (req, res) => {
    const signedIn = await ctx.sessions.current(req);
    if (!signedIn) throw new HttpError(401, 'Not signed in');
    const start = await dashboardStart(
      {
        store: ctx.store,
        leads: ctx.leads,
        settings: ctx.settings,
        configured: ctx.delivery.configured,
        lastBackupAt: ctx.lastBackupAt,
        now: () => ctx.clock.now(),
      },
      signedIn.user,
    );
    res.set('Cache-Control', 'private, no-store').json(start);
  });
  return router;
}
