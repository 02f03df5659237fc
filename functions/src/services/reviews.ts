import type { Review, reviewInputSchema } from '@site/domain';
import type { z } from 'zod';
import { newId } from '../ids';
import type { Clock } from '../ports/clock';
import { NotFoundError } from '../ports/errors';
import type { Collection, Store } from '../ports/store';
import type { ActedBy, AuditTrail } from './audit';
import type { LeadService } from './leads';
import type { ReviewRequests } from './review-requests';

const reviewNotFound = 'Review not found';

/** Reviews: anyone writes, they wait for approval, the public reads only approved ones (services/public-reviews.ts). */
export class Reviews {
  /** Every review, approved or not, for the admin's list. */
  readonly list: Pick<Collection<Review>, 'find' | 'count'>;

  constructor(
    private readonly deps: { store: Store; leads: LeadService; reviewRequests: ReviewRequests; audit: AuditTrail; clock: Clock },
  ) {
    this.list = deps.store.reviews;
  }

  /**
   * A review as written; `bot` (the honeypot filled) answers the same but keeps nothing. Through
   * the customer's own link (`invite`): the link is used up first (two tabs cannot both use it),
   * then the review is stored as verified, with the lead it came from.
   */
  async submit(sent: z.output<typeof reviewInputSchema>, bot: boolean): Promise<Review> {
    const { email, invite: token, ...input } = sent;
    const id = newId();
    const invite = token && !bot ? await this.deps.reviewRequests.redeem(token, id) : undefined;
    const now = this.deps.clock.now();
    const address = email ?? invite?.email;
    const review: Review = {
      id,
      ...input,
      ...(address ? { email: address } : {}),
      approved: false,
      verified: invite !== undefined,
      ...(invite ? { leadId: `${invite.leadKind}:${invite.leadId}` } : {}),
      createdAt: now.toISOString(),
    };
    if (!bot) await this.deps.leads.record({ kind: 'review', record: review }, now);
    if (invite) await this.deps.reviewRequests.recordReceived(invite, review.customerName);
    return review;
  }

  async approve(id: string, by: ActedBy): Promise<Review> {
    const approved = await this.deps.store.reviews.update(id, { approved: true });
    if (!approved) throw new NotFoundError(reviewNotFound);
    await this.deps.audit.record(by.from, by.actor, 'review.approved', { target: `review:${approved.id}`, detail: approved.customerName });
    return approved;
  }

  async remove(id: string, by: ActedBy): Promise<void> {
    const { store } = this.deps;
    const existing = await store.reviews.get(id);
    if (!existing || !(await store.reviews.delete(id))) throw new NotFoundError(reviewNotFound);
    await this.deps.audit.record(by.from, by.actor, 'review.deleted', { target: `review:${id}`, detail: existing.customerName });
  }
}
