import {
  limits,
  reviewInviteDays,
  reviewInviteMessages,
  reviewReminderDays,
  type Inquiry,
  type LeadHistoryEntry,
  type LeadProgress,
  type QuoteRequest,
  type ReviewInviteView,
} from '@site/domain';
import { ConflictError, GoneError, NotFoundError } from '../ports/errors';
import { newId, sha256 } from '../ids';
import type { Clock } from '../ports/clock';
import type { Collection, ReviewInviteRecord, Store } from '../ports/store';
import { capCustomerMessages, reviewRequestEmail, type MessageSettings } from './lead-messages';
import { LinkSigner } from './link-signing';

const day = 24 * 60 * 60 * 1000;
/** How long an expired request is kept: its link says "expired" rather than "not valid" meanwhile. */
const expiredKeptDays = 30;

export type ReviewLeadKind = ReviewInviteRecord['leadKind'];
type LeadRecord = Inquiry | QuoteRequest;

/** An address as suppressions key it: trimmed and lower-cased (addresses that differ only in case reach one inbox), then hashed. */
export const suppressionId = (email: string) => sha256(email.trim().toLowerCase());

export interface ReviewRequestsDeps {
  store: Store;
  clock: Clock;
  /** What messages say about the business, read as each message is made. */
  settings: () => Promise<MessageSettings>;
  /** Tells the embedded sender that messages were queued. */
  wake?: () => void;
}

/**
 * Verified reviews and the unsubscribe list: a won lead's review request (one email with a
 * signed link that works once for 60 days, and one reminder after 7 days), the review sent
 * through it, and addresses that asked for no more of these emails.
 */
export class ReviewRequests {
  readonly signer: LinkSigner;

  constructor(private readonly deps: ReviewRequestsDeps) {
    this.signer = new LinkSigner(deps.store, deps.clock);
  }

  private leads(kind: ReviewLeadKind): Collection<LeadRecord> {
    return (kind === 'inquiry' ? this.deps.store.inquiries : this.deps.store.quotes) as Collection<LeadRecord>;
  }

  /**
   * Sends a won lead's customer their review link. 409 unless the lead is won, has an email
   * that did not unsubscribe, and was not asked before: a request is made once (the history
   * entry is claimed first, atomically, so two admins clicking at once send one email). A
   * request whose email failed is sent again from the lead's messages, with the same link.
   */
  async request(kind: ReviewLeadKind, leadId: string, by: string): Promise<{ lead: LeadRecord; invite: ReviewInviteRecord }> {
    const missing = kind === 'inquiry' ? 'Inquiry not found' : 'Quote request not found';
    const current = await this.leads(kind).get(leadId);
    if (!current) throw new NotFoundError(missing);
    await this.checkRequestable(current);
    const now = this.deps.clock.now();
    const at = now.toISOString();
    let refusal: ConflictError | undefined;
    const lead = await this.leads(kind).transform(leadId, (latest) => {
      refusal = undefined;
      if (latest.status !== 'won') refusal = notWon;
      else if (latest.history.some((entry) => entry.event === 'review-requested')) refusal = alreadyRequested;
      else if (latest.history.length >= limits.leadHistoryMax) refusal = historyFull;
      if (refusal) return null;
      return withEvent(latest, { at, by, event: 'review-requested' });
    });
    if (!lead) throw new NotFoundError(missing);
    if (refusal) throw refusal;

    const invite: ReviewInviteRecord = {
      id: newId(),
      leadKind: kind,
      leadId,
      name: `${lead.firstName} ${lead.lastName}`,
      email: lead.email,
      createdAt: at,
      expiresAt: new Date(now.getTime() + reviewInviteDays * day).toISOString(),
      used: false,
      reminder: 'pending',
      reminderDueAt: new Date(now.getTime() + reviewReminderDays * day).toISOString(),
    };
    await this.deps.store.reviewInvites.insert(invite);
    await this.queueEmail(invite, lead.firstName, false, now);
    return { lead, invite };
  }

  private async checkRequestable(lead: LeadRecord) {
    if (lead.status !== 'won') throw notWon;
    if (!lead.email) throw new ConflictError('This lead has no email address to send a review request to');
    if (await this.isUnsubscribed(lead.email)) throw unsubscribed;
    if (lead.history.some((entry) => entry.event === 'review-requested')) throw alreadyRequested;
  }

  /** The review form's view of a link: the customer's name; 404 for a link that is not one, 410 once used or expired. */
  async view(token: string): Promise<ReviewInviteView> {
    const invite = await this.usableInvite(token);
    return { name: invite.name };
  }

  /**
   * What a review link's page says of its link (the server renders it with this): the
   * customer's name, or why the link is refused, in the words GET /api/review-invites gives.
   */
  async linkAnswer(token: string): Promise<{ state: 'ready'; name: string } | { state: 'refused'; message: string }> {
    try {
      return { state: 'ready', ...(await this.view(token || '-')) };
    } catch (error) {
      if (error instanceof NotFoundError || error instanceof GoneError) return { state: 'refused', message: error.message };
      return { state: 'refused', message: 'Your link could not be checked just now. Please try again in a moment.' };
    }
  }

  /**
   * Marks the link used by this review (atomically: of two tabs sending at once, one wins and
   * the other is told the link was used). Returns the request.
   */
  async redeem(token: string, reviewId: string): Promise<ReviewInviteRecord> {
    const found = await this.usableInvite(token);
    const at = this.deps.clock.now().toISOString();
    let won = false;
    const after = await this.deps.store.reviewInvites.transform(found.id, (current) => {
      won = !current.used;
      if (!won) return null;
      // A review through the link ends the wait for a reminder.
      return { used: true, usedAt: at, reviewId, ...(current.reminder === 'pending' ? { reminder: 'skipped' as const } : {}) };
    });
    if (!after) throw new NotFoundError(reviewInviteMessages.invalid, { invite: reviewInviteMessages.invalid });
    if (!won) throw new GoneError(reviewInviteMessages.used, { invite: reviewInviteMessages.used });
    return after;
  }

  /** Records "Review received" on the lead a verified review came from (when it still exists and has room). */
  async recordReceived(invite: ReviewInviteRecord, by: string): Promise<void> {
    const at = this.deps.clock.now().toISOString();
    await this.leads(invite.leadKind).transform(invite.leadId, (lead) =>
      lead.history.length >= limits.leadHistoryMax ? null : withEvent(lead, { at, by, event: 'review-received' }),
    );
  }

  private async usableInvite(token: string): Promise<ReviewInviteRecord> {
    const id = await this.signer.verify('review', token);
    const invite = id === null ? null : await this.deps.store.reviewInvites.get(id);
    if (!invite) throw new NotFoundError(reviewInviteMessages.invalid, { invite: reviewInviteMessages.invalid });
    if (invite.used) throw new GoneError(reviewInviteMessages.used, { invite: reviewInviteMessages.used });
    if (invite.expiresAt <= this.deps.clock.now().toISOString())
      throw new GoneError(reviewInviteMessages.expired, { invite: reviewInviteMessages.expired });
    return invite;
  }

  /**
   * The one reminder of each request that reached its day without a review or an unsubscribe.
   * Each is claimed (`pending` to `sending`, a conditional update) before anything is queued,
   * so two runs, or a run after a restart, never send it twice. Returns how many were queued.
   */
  async sendDueReminders(): Promise<number> {
    const now = this.deps.clock.now();
    let queued = 0;
    for (;;) {
      const due = await this.deps.store.reviewInvites.find({
        where: { reminder: 'pending' },
        orderBy: 'reminderDueAt',
        direction: 'asc',
        // Due at this very millisecond counts.
        lessThan: new Date(now.getTime() + 1).toISOString(),
        limit: 100,
      });
      for (const found of due.items) {
        if (!(await this.deps.store.reviewInvites.updateIf(found.id, { reminder: 'pending' }, { reminder: 'sending' }))) continue;
        // Read again after the claim: a review through the link may have come in between.
        const invite = (await this.deps.store.reviewInvites.get(found.id)) ?? found;
        const lead = await this.leads(invite.leadKind).get(invite.leadId);
        const skip = invite.used || !lead || invite.expiresAt <= now.toISOString() || (await this.isUnsubscribed(invite.email));
        if (skip) {
          await this.deps.store.reviewInvites.update(invite.id, { reminder: 'skipped' });
          continue;
        }
        await this.queueEmail(invite, lead.firstName, true, now);
        await this.deps.store.reviewInvites.update(invite.id, { reminder: 'sent' });
        const at = now.toISOString();
        await this.leads(invite.leadKind).transform(invite.leadId, (current) =>
          current.history.length >= limits.leadHistoryMax ? null : withEvent(current, { at, by: 'website', event: 'review-reminded' }),
        );
        queued++;
      }
      if (due.items.length < 100) return queued;
    }
  }

  /**
   * Deletes the requests whose link expired more than 30 days ago, with the customer's name and
   * address they hold (the link then answers "not valid" instead of "expired"; the review and
   * the lead's history keep what happened). Returns how many.
   */
  async deleteExpired(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - expiredKeptDays * day).toISOString();
    let deleted = 0;
    for (;;) {
      const page = await this.deps.store.reviewInvites.find({ orderBy: 'expiresAt', direction: 'asc', lessThan: cutoff, limit: 500 });
      if (!page.items.length) return deleted;
      await this.deps.store.reviewInvites.deleteMany(page.items.map((invite) => invite.id));
      deleted += page.items.length;
    }
  }

  async isUnsubscribed(email: string): Promise<boolean> {
    return (await this.deps.store.emailSuppressions.get(suppressionId(email))) !== null;
  }

  /** The unsubscribe link's token for this address: its key, signed. */
  unsubscribeToken(email: string): Promise<string> {
    return this.signer.sign('unsubscribe', suppressionId(email));
  }

  /** Takes the address an unsubscribe token names off review requests and reminders, at once; false for a token that is not one. */
  async unsubscribe(token: string, via: 'link' | 'one-click'): Promise<boolean> {
    const id = await this.signer.verify('unsubscribe', token);
    if (id === null) return false;
    const existing = await this.deps.store.emailSuppressions.get(id);
    if (!existing) {
      try {
        await this.deps.store.emailSuppressions.insert({ id, createdAt: this.deps.clock.now().toISOString(), via });
      } catch (error) {
        // The same address unsubscribed at the same moment (the page and a mail client): done either way.
        if (!(await this.deps.store.emailSuppressions.get(id))) throw error;
      }
    }
    return true;
  }

  private async queueEmail(invite: ReviewInviteRecord, firstName: string, reminder: boolean, now: Date) {
    const settings = await this.deps.settings();
    const unsubscribe = await this.unsubscribeToken(invite.email);
    const message = reviewRequestEmail(settings, {
      id: `${invite.leadId}-review${reminder ? '-reminder' : ''}`,
      to: invite.email,
      firstName,
      reviewUrl: `${settings.siteUrl}/reviews/write?t=${encodeURIComponent(await this.signer.sign('review', invite.id))}`,
      unsubscribeUrl: `${settings.siteUrl}/unsubscribe?t=${encodeURIComponent(unsubscribe)}`,
      oneClickUrl: `${settings.siteUrl}/api/unsubscribe?t=${encodeURIComponent(unsubscribe)}`,
      reminder,
    });
    const [capped] = await capCustomerMessages([message], settings, now, this.deps.store.messages);
    await this.deps.store.messages.addToLead({ kind: invite.leadKind, id: invite.leadId }, [capped], now.toISOString());
    this.deps.wake?.();
  }
}

const notWon = new ConflictError('Only a won lead can be asked for a review');
const alreadyRequested = new ConflictError('A review was already requested from this customer');
const unsubscribed = new ConflictError('This customer unsubscribed from review requests');
const historyFull = new ConflictError(`This lead already has ${limits.leadHistoryMax} status changes and notes, the most it can keep`);

function withEvent(lead: LeadProgress, entry: LeadHistoryEntry): Partial<LeadProgress> {
  return { history: [...lead.history, entry], updatedAt: entry.at };
}
