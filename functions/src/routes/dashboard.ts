import { Router } from 'express';
import { NotSignedInError } from '../ports/errors';
import type { RouteContext } from './context';

/**
 * GET /api/dashboard: the session and the staff dashboard's first screen in one answer
 * (services/dashboard.ts), so a phone paints the dashboard after one round trip. 401 without a
 * session, as GET /api/user.
 */
export function dashboardRoutes(ctx: Pick<RouteContext, 'dashboard' | 'sessions'>): Router {
  const router = Router();
  router.get('/dashboard', async (req, res) => {
    const signedIn = await ctx.sessions.current(req);
    if (!signedIn) throw new NotSignedInError('Not signed in');
    res.set('Cache-Control', 'private, no-store').json(await ctx.dashboard(signedIn.user));
  });
  return router;
}
