import type { DeliveryStatus } from '@site/domain';
import { Router } from 'express';
import { signedIn } from '../auth/sessions';
import { idParam } from '../http/validate';
import type { RouteContext } from './context';

/** The delivery of emails and SMS about leads, for the admin dashboard. */
export function messageRoutes(ctx: Pick<RouteContext, 'audit' | 'delivery' | 'messages' | 'sessions' | 'settings'>): Router {
  const router = Router();
  const { messages, sessions } = ctx;

  router.get('/messages/status', sessions.requireAdmin, async (_req, res) => {
    const [counts, site] = await Promise.all([messages.status(), ctx.settings.settings()]);
    const status: DeliveryStatus = { configured: ctx.delivery.configured, ...counts, smsOptOut: site.notifications.smsOptOut };
    res.json(status);
  });

  router.post('/messages/:id/retry', sessions.requireAdmin, async (req, res) => {
    const retried = await messages.retry(idParam(req));
    await ctx.audit.record(req, signedIn(res).user, 'message.retried', {
      target: `message:${retried.id}`,
      detail: `${retried.channel} to ${retried.to}`,
    });
    res.json(retried);
  });

  return router;
}
