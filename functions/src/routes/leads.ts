import {
  deriveChannel,
  inquiryInputSchema,
  leadFilterSchema,
  leadUpdateSchema,
  limits,
  newLeadProgress,
  quoteInputSchema,
  type AttachmentRef,
  type Inquiry,
  type LeadHistoryEntry,
  type LeadProgress,
  type LeadStats,
  type LeadUpdate,
  type QuoteRequest,
} from '@site/domain';
import { Router, type Request, type Response } from 'express';
import { signedIn } from '../auth/sessions';
import { HttpError, notFound } from '../http/errors';
import { body, idParam, parse, queryParams } from '../http/validate';
import { newId } from '../ids';
import type { Lead } from '../ports/messages';
import { searchTerm } from '../ports/search';
import type { Collection, Where } from '../ports/store';
import { capCustomerMessages, leadMessages } from '../services/lead-messages';
import { countOverdue, newLeadFollowUp, overdueQuery } from '../services/follow-up';
import { consentOf, leadRemover } from '../services/privacy';
import type { RouteContext } from './context';
import { isBot } from './honeypot';
import { sendList } from './list';

const day = 24 * 60 * 60 * 1000;
/** First contacts the dashboard's median reads per kind of lead: bounds the query however busy a month was. */
export const medianSampleMax = 500;

/** Project inquiries and quote requests: public submission, admin reading, working and deletion. */
export function leadRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { store, sessions } = ctx;
  const forms = ctx.limits.forms;

  /** The name of the showroom model an inquiry names ("Enquire about this design"); 400 for an unknown model or variant. */
  const designEnquiredAbout = async ({ modelId, variant }: { modelId?: string; variant?: string }): Promise<string | undefined> => {
    if (!modelId) {
      if (variant !== undefined) throw new HttpError(400, 'A variant needs a model', { variant: 'A variant needs a model' });
      return undefined;
    }
    const model = await store.models.get(modelId);
    if (!model) throw new HttpError(400, 'Unknown model', { modelId: 'Unknown model' });
    if (variant !== undefined && !model.variants.includes(variant))
      throw new HttpError(400, 'Unknown variant', { variant: 'Unknown variant' });
    return model.name;
  };

  router.post('/project-inquiry', ctx.verifiedClient, forms, async (req, res) => {
    const raw = body(req);
    const { attachments: attachmentRefs, ...input } = parse(inquiryInputSchema, raw);
    const modelName = await designEnquiredAbout(input);
    const now = ctx.clock.now();
    const { followUp } = await ctx.messageSettings();
    const inquiry: Inquiry = {
      id: newId(),
      ...input,
      ...(modelName ? { modelName } : {}),
      channel: deriveChannel(input.source),
      ...consentOf(input.marketingConsent, now),
      ...newLeadProgress(now.toISOString()),
      ...newLeadFollowUp(now, followUp),
      createdAt: now.toISOString(),
    };
    if (!isBot(raw)) await recordLeadWithAttachments(ctx, { kind: 'inquiry', record: inquiry }, attachmentRefs, now);
    res.status(201).json(inquiry);
  });

  router.post('/quote-request', ctx.verifiedClient, forms, async (req, res) => {
    const raw = body(req);
    const { attachments: attachmentRefs, ...input } = parse(quoteInputSchema, raw);
    const now = ctx.clock.now();
    const { followUp } = await ctx.messageSettings();
    const quote: QuoteRequest = {
      id: newId(),
      ...input,
      channel: deriveChannel(input.source),
      ...consentOf(input.marketingConsent, now),
      ...newLeadProgress(now.toISOString()),
      ...newLeadFollowUp(now, followUp),
      createdAt: now.toISOString(),
    };
    if (!isBot(raw)) await recordLeadWithAttachments(ctx, { kind: 'quote', record: quote }, attachmentRefs, now);
    res.status(201).json(quote);
  });

  const sendLeads = async <T extends Inquiry | QuoteRequest>(req: Request, res: Response, collection: Collection<T>, what: string) => {
    const filter = parse(leadFilterSchema, queryParams(req));
    // A search that normalises to nothing (a lone accent mark) is no search, like an empty box.
    const search = filter.q === undefined ? undefined : (searchTerm(filter.q) ?? undefined);
    // The CSV export walks the list from its first page with export=1: one entry per export.
    if (req.query.export === '1' && req.query.cursor === undefined) {
      const filters = [
        filter.status && `status ${filter.status}`,
        filter.q !== undefined && `search "${filter.q}"`,
        filter.overdue && 'overdue',
      ]
        .filter(Boolean)
        .join(', ');
      await ctx.audit.record(req, signedIn(res).user, 'leads.exported', { target: what, detail: filters || 'all' });
    }
    if (filter.overdue) {
      // Most overdue first: the range on the follow-up time has to be the list's order.
      const { status, before } = overdueQuery(ctx.clock.now());
      const where = { status } as Where<T>;
      await sendList(req, res, collection, { orderBy: 'followUpDueAt', direction: 'asc', where, before, withMessages: store.messages });
      return;
    }
    const where = filter.status ? ({ status: filter.status } as Where<T>) : undefined;
    await sendList(req, res, collection, { orderBy: 'createdAt', direction: 'desc', where, search, withMessages: store.messages });
  };

  const sendUpdated = async <T extends Inquiry | QuoteRequest>(
    req: Request,
    res: Response,
    collection: Collection<T>,
    missing: string,
    action: 'inquiry.updated' | 'quote.updated',
  ) => {
    const update = parse(leadUpdateSchema, body(req));
    const id = idParam(req);
    const by = signedIn(res).user.username;
    let full = false;
    const updated = await collection.transform(id, (current) => {
      const patch = leadPatch(current, update, by, ctx.clock.now().toISOString());
      full = patch === 'full';
      return patch === 'full' ? null : (patch as Partial<Omit<T, 'id'>> | null);
    });
    if (!updated) throw notFound(missing);
    if (full) throw new HttpError(409, `This lead already has ${limits.leadHistoryMax} status changes and notes, the most it can keep`);
    const change = [update.status !== undefined && `status: ${update.status}`, update.note !== undefined && 'note added']
      .filter(Boolean)
      .join('; ');
    await ctx.audit.record(req, signedIn(res).user, action, { target: `${action.split('.')[0]}:${id}`, detail: change });
    const messages = await store.messages.forLeads([updated.id]);
    res.json({ ...updated, messages: messages.get(updated.id) ?? [] });
  };

  // Deleting a lead takes what belongs to it (its messages, queued or sent, its review
  // request, its files and its history): the same path as an erasure and retention.
  const removeLead = leadRemover(store, (kind, id) => ctx.attachments.removeForLead(kind, id));
  const deleteLead = async (req: Request, res: Response, kind: 'inquiry' | 'quote') => {
    const id = idParam(req);
    const missing = kind === 'inquiry' ? 'Inquiry not found' : 'Quote request not found';
    const existing = kind === 'inquiry' ? await store.inquiries.get(id) : await store.quotes.get(id);
    if (!existing) throw notFound(missing);
    const removed = await removeLead(kind, id);
    if (!removed.deleted) throw notFound(missing);
    await ctx.audit.record(req, signedIn(res).user, `${kind}.deleted`, {
      target: `${kind}:${id}`,
      detail: `${existing.firstName} ${existing.lastName}`,
    });
    res.status(204).end();
  };

  router.get('/project-inquiries', sessions.requireAdmin, async (req, res) => {
    await sendLeads(req, res, store.inquiries, 'inquiries');
  });

  router.patch('/project-inquiry/:id', sessions.requireAdmin, async (req, res) => {
    await sendUpdated(req, res, store.inquiries, 'Inquiry not found', 'inquiry.updated');
  });

  router.delete('/project-inquiry/:id', sessions.requireAdmin, async (req, res) => {
    await deleteLead(req, res, 'inquiry');
  });

  router.get('/quote-requests', sessions.requireAdmin, async (req, res) => {
    await sendLeads(req, res, store.quotes, 'quote requests');
  });

  router.patch('/quote-request/:id', sessions.requireAdmin, async (req, res) => {
    await sendUpdated(req, res, store.quotes, 'Quote request not found', 'quote.updated');
  });

  router.get('/leads/stats', sessions.requireAdmin, async (_req, res) => {
    const now = ctx.clock.now();
    const since = new Date(now.getTime() - 30 * day).toISOString();
    const recent = { orderBy: 'firstContactAt', direction: 'desc', atLeast: since, limit: medianSampleMax } as const;
    const [newInquiries, newQuotes, contactedInquiries, contactedQuotes, overdue] = await Promise.all([
      store.inquiries.count({ status: 'new' }),
      store.quotes.count({ status: 'new' }),
      store.inquiries.find(recent),
      store.quotes.find(recent),
      countOverdue(store, now),
    ]);
    const waits = [...contactedInquiries.items, ...contactedQuotes.items].flatMap((lead) =>
      lead.firstContactAt ? [Date.parse(lead.firstContactAt) - Date.parse(lead.createdAt)] : [],
    );
    const stats: LeadStats = {
      waiting: newInquiries + newQuotes,
      overdue: overdue.inquiries + overdue.quotes,
      overdueByList: overdue,
      medianFirstContactMs: median(waits),
      firstContacts: waits.length,
    };
    res.json(stats);
  });

  router.delete('/quote-request/:id', sessions.requireAdmin, async (req, res) => {
    await deleteLead(req, res, 'quote');
  });

  return router;
}

/**
 * Stores an inquiry or quote request with the customer's files: they are attached first
 * (400, and nothing stored, for a file that is not a fresh upload of this API or is on another
 * lead), the lead keeps their list, and they are freed again if the lead cannot be stored.
 */
async function recordLeadWithAttachments(
  ctx: RouteContext,
  lead: Extract<Lead, { kind: 'inquiry' | 'quote' }>,
  refs: readonly AttachmentRef[] | undefined,
  now: Date,
): Promise<void> {
  if (!refs?.length) return recordLead(ctx, lead, now);
  const attached = await ctx.attachments.attach(refs, lead.kind, lead.record.id);
  lead.record.attachments = attached;
  try {
    await recordLead(ctx, lead, now);
  } catch (error) {
    await ctx.attachments.detach(attached.map((item) => item.id));
    throw error;
  }
  await ctx.attachments.settle(lead.kind, lead.record.id, attached);
}

/**
 * Stores a lead with the messages about it (one transaction), then tells the sender. The
 * daily cap is counted just before: leads from one recipient that arrive at the same moment
 * may each see the same count, which lets a burst exceed it by at most that burst.
 */
export async function recordLead(ctx: RouteContext, lead: Lead, now: Date): Promise<void> {
  const settings = await ctx.messageSettings();
  const messages = await capCustomerMessages(leadMessages(lead, settings, now), settings, now, (channel, recipient, since) =>
    ctx.store.messages.customerMessagesSince(channel, recipient, since),
  );
  await ctx.store.messages.insertLead(lead, messages, now.toISOString());
  ctx.delivery.wake?.();
}

/**
 * What an update makes of a lead: the status and a history entry for a status change, a
 * note, or both, and `updatedAt`; `firstContactAt` the first time it leaves `new`. Null when nothing changes
 * (the status it already has, no note); 'full' when its history cannot take another entry.
 */
export function leadPatch(current: LeadProgress, update: LeadUpdate, by: string, at: string): Partial<LeadProgress> | null | 'full' {
  const status = update.status !== undefined && update.status !== current.status ? update.status : undefined;
  if (status === undefined && update.note === undefined) return null;
  if (current.history.length >= limits.leadHistoryMax) return 'full';
  const entry: LeadHistoryEntry = { at, by, ...(status ? { status } : {}), ...(update.note !== undefined ? { note: update.note } : {}) };
  const patch: Partial<LeadProgress> = { history: [...current.history, entry], updatedAt: at };
  if (status) patch.status = status;
  if (status && status !== 'new' && !current.firstContactAt) patch.firstContactAt = at;
  return patch;
}

function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}
