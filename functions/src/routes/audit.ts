import { Router } from 'express';
import type { RouteContext } from './context';
import { sendList } from './list';

/** The audit trail, newest first, paged like the other lists, with the names of what it acted on. */
export function auditRoutes(ctx: Pick<RouteContext, 'audit' | 'sessions'>): Router {
  const router = Router();
  const { audit } = ctx;
  router.get('/audit', ctx.sessions.requireAdmin, async (req, res) => {
    await sendList(req, res, audit.entries, { orderBy: 'at', direction: 'desc', map: (entries) => audit.named(entries) });
  });
  return router;
}
