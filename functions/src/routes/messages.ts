import { Router } from 'express';
import { signedIn } from '../auth/sessions';
import { HttpError, notFound } from '../http/errors';
import { idParam } from '../http/validate';
import { deliveryStatus } from '../services/dashboard';
import type { RouteContext } from './context';

/** The delivery of emails and SMS about leads, for the admin dashboard. */
export function messageRoutes(ctx: Pick<RouteContext, 'audit' | 'clock' | 'delivery' | 'sessions' | 'settings' | 'store'>): Router {
  const router = Router();
  const { store, sessions } = ctx;

  router.get('/messages/status', sessions.requireAdmin, async (_req, res) => {
    res.json(await deliveryStatus({ store, settings: ctx.settings, configured: ctx.delivery.configured }));
  });

  router.post('/messages/:id/retry', sessions.requireAdmin, async (req, res) => {
    const retried = await store.messages.retry(idParam(req), ctx.clock.now().toISOString());
    if (retried === null) throw notFound('Message not found');
    if (retried === 'not-failed') throw new HttpError(409, 'Only a failed message can be retried');
    ctx.delivery.wake?.();
    await ctx.audit.record(req, signedIn(res).user, 'message.retried', {
      target: `message:${retried.id}`,
      detail: `${retried.channel} to ${retried.to}`,
    });
    res.json(retried);
  });

  return router;
}
