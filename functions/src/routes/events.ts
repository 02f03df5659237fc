import type { ChangeEvent } from '@site/domain';
import { Router } from 'express';
import { signedIn } from '../auth/sessions';
import type { RouteContext } from './context';

/**
 * Server-Sent Events of every change the admin dashboard shows. Ends with the session; the
 * stream (and its reconnections) is the dashboard's own doing, not use, so it never postpones
 * the idle timeout of a tab left open.
 */
export function eventRoutes(ctx: Pick<RouteContext, 'feed' | 'heartbeatMs' | 'liveStreams' | 'sessions'>): Router {
  const router = Router();
  const { sessions, feed } = ctx;

  router.get('/events', sessions.requireAdminInBackground, (req, res) => {
    const { session } = signedIn(res);
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'private, no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 2000\n\n');

    const send = (event: ChangeEvent) => res.write(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    const unsubscribe = feed.subscribe(send);
    const onEnded = (id: string) => id === session.id && close();
    sessions.events.on('ended', onEnded);
    const heartbeat = setInterval(() => {
      sessions.isLive(session.id).then(
        (live) => (live ? res.write(': heartbeat\n\n') : close()),
        () => close(),
      );
    }, ctx.heartbeatMs);

    let closed = false;
    ctx.liveStreams.add(close);
    function close() {
      if (closed) return;
      closed = true;
      ctx.liveStreams.delete(close);
      clearInterval(heartbeat);
      unsubscribe();
      sessions.events.off('ended', onEnded);
      res.end();
    }
    req.on('close', close);
  });

  return router;
}
