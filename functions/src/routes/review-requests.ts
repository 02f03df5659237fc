import { linkTokenPattern, reviewInviteMessages } from '@site/domain';
import { Router, type Request } from 'express';
import { signedIn } from '../auth/sessions';
import { InvalidError, NotFoundError } from '../ports/errors';
import { idParam } from '../http/validate';
import type { RouteContext } from './context';

const kinds = { inquiry: 'inquiry', quote: 'quote' } as const;

/** The token of an unsubscribe link: in the query (the link itself, a mail client's one-click POST) or the page's JSON body. */
function unsubscribeToken(req: Request): string {
  const fromQuery = req.query.t;
  const fromBody = (req.body as { t?: unknown } | undefined)?.t;
  const token = typeof fromQuery === 'string' ? fromQuery : typeof fromBody === 'string' ? fromBody : undefined;
  if (token === undefined) throw new InvalidError('The unsubscribe link has no token', { t: 'Required' });
  if (!linkTokenPattern.test(token)) throw new NotFoundError(reviewInviteMessages.invalid);
  return token;
}

/**
 * Review requests (admin), the review form's view of a link (public), and unsubscribing
 * (public, no sign-in: the link in the email and a mail client's RFC 8058 one-click POST).
 */
export function reviewRequestRoutes(ctx: Pick<RouteContext, 'audit' | 'messages' | 'reviewRequests' | 'sessions'>): Router {
  const router = Router();
  const { sessions, messages: queue, reviewRequests } = ctx;

  router.post('/leads/:kind/:id/review-request', sessions.requireAdmin, async (req, res) => {
    const kind = kinds[req.params.kind as keyof typeof kinds] as (typeof kinds)[keyof typeof kinds] | undefined;
    if (!kind) throw new NotFoundError('Not found');
    const id = idParam(req);
    const admin = signedIn(res).user;
    const { lead } = await reviewRequests.request(kind, id, admin.username);
    await ctx.audit.record(req, admin, 'review.requested', { target: `${kind}:${id}`, detail: `${lead.firstName} ${lead.lastName}` });
    const messages = await queue.forLeads([lead.id]);
    res.status(201).json({ ...lead, messages: messages.get(lead.id) ?? [] });
  });

  router.get('/review-invites/:token', async (req, res) => {
    res.json(await reviewRequests.view(req.params.token));
  });

  // No App Check or rate limit: mail clients POST from their own servers without either, and
  // the token is an HMAC no one can guess. A cross-site browser form is still refused (Origin).
  router.post('/unsubscribe', async (req, res) => {
    const token = unsubscribeToken(req);
    const oneClick = req.query.t !== undefined && (req.body as unknown) === undefined;
    if (!(await reviewRequests.unsubscribe(token, oneClick ? 'one-click' : 'link'))) throw new NotFoundError(reviewInviteMessages.invalid);
    res.json({ unsubscribed: true });
  });

  return router;
}
