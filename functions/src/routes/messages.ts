import type { DeliveryStatus } from '@site/domain';
import { Router } from 'express';
import { HttpError, notFound } from '../http/errors';
import { idParam } from '../http/validate';
import type { RouteContext } from './context';

/** The delivery of emails and SMS about leads, for the admin dashboard. */
export function messageRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { store, sessions } = ctx;

  router.get('/messages/status', sessions.requireAdmin, async (_req, res) => {
    const status: DeliveryStatus = { configured: ctx.delivery.configured, ...(await store.messages.status()) };
    res.json(status);
  });

  router.post('/messages/:id/retry', sessions.requireAdmin, async (req, res) => {
    const retried = await store.messages.retry(idParam(req), ctx.clock.now().toISOString());
    if (retried === null) throw notFound('Message not found');
    if (retried === 'not-failed') throw new HttpError(409, 'Only a failed message can be retried');
    ctx.delivery.wake?.();
    res.json(retried);
  });

  return router;
}
