import { Router } from 'express';
import type { RouteContext } from './context';
import { sendList } from './list';

/** The audit trail, newest first, paged like the other lists. */
export function auditRoutes(ctx: RouteContext): Router {
  const router = Router();
  router.get('/audit', ctx.sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, ctx.store.audit, { orderBy: 'at', direction: 'desc' });
  });
  return router;
}
