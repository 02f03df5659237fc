import { Router } from 'express';
import { withTargetNames } from '../services/audit';
import type { RouteContext } from './context';
import { sendList } from './list';

/** The audit trail, newest first, paged like the other lists, with the names of what it acted on. */
export function auditRoutes(ctx: Pick<RouteContext, 'sessions' | 'store'>): Router {
  const router = Router();
  router.get('/audit', ctx.sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, ctx.store.audit, { orderBy: 'at', direction: 'desc', map: (entries) => withTargetNames(ctx.store, entries) });
  });
  return router;
}
