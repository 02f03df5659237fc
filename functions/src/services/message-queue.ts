import type { DeliveryStatus, MessageDelivery } from '@site/domain';
import type { Clock } from '../ports/clock';
import { ConflictError, NotFoundError } from '../ports/errors';
import type { MessageStore } from '../ports/messages';
import { announceSensitiveChanges } from './settings';

/** The emails and SMS about leads as the dashboard sees them: their delivery, a failed one's retry, each lead's. */
export class MessageQueue {
  constructor(private readonly deps: { messages: MessageStore; clock: Clock; wake?: () => void }) {}

  /** How many wait, were sent and failed. */
  status(): Promise<Omit<DeliveryStatus, 'configured' | 'smsOptOut'>> {
    return this.deps.messages.status();
  }

  /** Each lead's messages, by the lead's id. */
  forLeads(leadIds: readonly string[]): Promise<Map<string, MessageDelivery[]>> {
    return this.deps.messages.forLeads(leadIds);
  }

  /** A failed message sent again; only a failed one can be. */
  async retry(id: string): Promise<MessageDelivery> {
    const retried = await this.deps.messages.retry(id, this.deps.clock.now().toISOString());
    if (retried === null) throw new NotFoundError('Message not found');
    if (retried === 'not-failed') throw new ConflictError('Only a failed message can be retried');
    this.deps.wake?.();
    return retried;
  }

  /** The staff's notice of a change to a sensitive setting (deposits' bank account, alerts' recipients). */
  announceSensitiveChanges(saved: Parameters<typeof announceSensitiveChanges>[1]): Promise<number> {
    return announceSensitiveChanges({ messages: this.deps.messages, clock: this.deps.clock, wake: this.deps.wake }, saved);
  }
}
