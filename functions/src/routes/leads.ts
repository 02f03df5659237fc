import {
  inquiryInputSchema,
  jobDoneSchema,
  leadFilterSchema,
  leadUpdateSchema,
  quoteInputSchema,
  type Inquiry,
  type QuoteRequest,
} from '@site/domain';
import { Router, type Request, type Response } from 'express';
import { signedIn } from '../auth/sessions';
import { NotFoundError } from '../ports/errors';
import { body, idParam, parse, queryParams } from '../http/validate';
import type { LeadKind } from '../services/attachments';
import type { LeadList } from '../services/leads';
import type { RouteContext } from './context';
import { isBot } from './honeypot';
import { sendList } from './list';

/** Project inquiries and quote requests: public submission, admin reading, working and deletion (services/leads.ts). */
export function leadRoutes(ctx: Pick<RouteContext, 'leads' | 'messages' | 'sessions' | 'audit' | 'limits' | 'verifiedClient'>): Router {
  const router = Router();
  const { leads, messages: queue, sessions, audit } = ctx;
  const forms = ctx.limits.forms;

  router.post('/project-inquiry', ctx.verifiedClient, forms, async (req, res) => {
    const raw = body(req);
    res.status(201).json(await leads.submitInquiry(parse(inquiryInputSchema, raw), isBot(raw)));
  });

  router.post('/quote-request', ctx.verifiedClient, forms, async (req, res) => {
    const raw = body(req);
    res.status(201).json(await leads.submitQuote(parse(quoteInputSchema, raw), isBot(raw)));
  });

  const sendLeads = async <T extends Inquiry | QuoteRequest>(req: Request, res: Response, collection: LeadList<T>, what: string) => {
    const filter = parse(leadFilterSchema, queryParams(req));
    // The CSV export walks the list from its first page with export=1: one entry per export.
    if (req.query.export === '1' && req.query.cursor === undefined) {
      const filters = [
        filter.status && `status ${filter.status}`,
        filter.q !== undefined && `search "${filter.q}"`,
        filter.overdue && 'overdue',
        filter.lead && `lead ${filter.lead}`,
      ]
        .filter(Boolean)
        .join(', ');
      await audit.record(req, signedIn(res).user, 'leads.exported', { target: what, detail: filters || 'all' });
    }
    if (filter.lead !== undefined) {
      // A staff email's link: that one lead as a list of one, or none once it is deleted.
      const lead = await collection.get(filter.lead);
      const messages = await queue.forLeads(lead ? [lead.id] : []);
      res.set('X-Total-Count', lead ? '1' : '0');
      res.json(lead ? [{ ...lead, messages: messages.get(lead.id) ?? [] }] : []);
      return;
    }
    await sendList(req, res, collection, { ...leads.listQuery<T>(filter), withMessages: queue });
  };

  const sendUpdated = async (req: Request, res: Response, kind: LeadKind) => {
    const id = idParam(req);
    const user = signedIn(res).user;
    const { lead, change } = await leads.update(kind, id, parse(leadUpdateSchema, body(req)), user.username);
    await audit.record(req, user, `${kind}.updated`, { target: `${kind}:${id}`, detail: change });
    res.json(lead);
  };

  const sendDeleted = async (req: Request, res: Response, kind: LeadKind) => {
    const id = idParam(req);
    const { name } = await leads.remove(kind, id);
    await audit.record(req, signedIn(res).user, `${kind}.deleted`, { target: `${kind}:${id}`, detail: name });
    res.status(204).end();
  };

  router.get('/project-inquiries', sessions.requireAdmin, (req, res) => sendLeads(req, res, leads.inquiries, 'inquiries'));
  router.patch('/project-inquiry/:id', sessions.requireAdmin, (req, res) => sendUpdated(req, res, 'inquiry'));
  router.delete('/project-inquiry/:id', sessions.requireAdmin, (req, res) => sendDeleted(req, res, 'inquiry'));

  router.get('/quote-requests', sessions.requireAdmin, (req, res) => sendLeads(req, res, leads.quotes, 'quote requests'));
  router.patch('/quote-request/:id', sessions.requireAdmin, (req, res) => sendUpdated(req, res, 'quote'));
  router.delete('/quote-request/:id', sessions.requireAdmin, (req, res) => sendDeleted(req, res, 'quote'));

  // A won lead's job marked done on a day: a history entry, after which a review can be asked for.
  router.post('/leads/:kind/:id/job-done', sessions.requireAdmin, async (req, res) => {
    const kind = ({ inquiry: 'inquiry', quote: 'quote' } as const)[req.params.kind as 'inquiry' | 'quote'] as LeadKind | undefined;
    if (!kind) throw new NotFoundError('Not found');
    const id = idParam(req);
    const { on } = parse(jobDoneSchema, body(req));
    const user = signedIn(res).user;
    const lead = await leads.markJobDone(kind, id, on, user.username);
    await audit.record(req, user, 'lead.job_done', { target: `${kind}:${id}`, detail: `${lead.firstName} ${lead.lastName}, ${on}` });
    res.status(201).json(lead);
  });

  router.get('/leads/stats', sessions.requireAdmin, async (_req, res) => {
    res.json(await leads.stats());
  });

  return router;
}
