import type { MessageChannel } from '@site/domain';
import type { ChangeFeed } from '../ports/change-feed';
import type { Clock } from '../ports/clock';
import type { DeliveryQueue, LeadKind, QueuedMessage } from '../ports/messages';
import { SendError, type EmailSender, type Sent, type SmsSender } from '../ports/senders';
import { leadCollections } from '../services/live-store';
import { loadEmailLayouts, messageHtml } from '../services/lead-messages';

export interface DeliveryWorkerOptions {
  queue: DeliveryQueue;
  /** Absent: email is not configured, and emails wait in the queue. */
  email?: EmailSender;
  sms?: SmsSender;
  clock: Clock;
  /** Tells open dashboards that a lead's messages changed. */
  feed?: ChangeFeed;
  log: (message: string, error?: unknown) => void;
  /** How long temporary failures are retried; after that the message fails. A day by default. */
  retryForMs?: number;
  /** The first retry's delay; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** The longest the worker sleeps without looking at the queue. */
  idleMs?: number;
  random?: () => number;
}

/**
 * At most this many sends at once. An SMTP send waits on several round trips, so a burst
 * goes out far faster in parallel (over the SMTP sender's few pooled connections).
 */
export const batchSize = 16;

/**
 * Sends the queued emails and SMS of the embedded server: claims due messages (marking them
 * `sending` before a provider sees them), sends, and records the outcome. Temporary failures
 * are retried with exponential backoff and jitter for a day; permanent ones fail at once.
 * A message a crash left `sending` is sent again at the next start: delivery is at least
 * once, and each email carries a Message-ID derived from its id, so a repeat is one message
 * to the recipient's mail client.
 */
export class DeliveryWorker {
  readonly channels: readonly MessageChannel[];
  private readonly retryForMs: number;
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly idleMs: number;
  private readonly random: () => number;
  private running: Promise<void> | undefined;
  private stopped = false;
  private woken = false;
  private wakeUp: (() => void) | undefined;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.channels = [...(options.email ? (['email'] as const) : []), ...(options.sms ? (['sms'] as const) : [])];
    this.retryForMs = options.retryForMs ?? 24 * 3600_000;
    this.firstDelayMs = options.firstDelayMs ?? 30_000;
    this.maxDelayMs = options.maxDelayMs ?? 3600_000;
    this.idleMs = options.idleMs ?? 30_000;
    this.random = options.random ?? Math.random;
  }

  /** Requeues what a crash interrupted, then sends until stopped. */
  async start(): Promise<void> {
    const interrupted = await this.options.queue.requeueInterrupted(this.now());
    if (interrupted) this.options.log(`delivery: ${interrupted} message(s) interrupted by a stop are queued again`);
    this.running = this.loop();
  }

  /** New messages are queued: look now instead of at the next timer. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops taking messages; waits for sends under way, at most `graceMs`. */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    if (!this.running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise<void>((done) => (timer = setTimeout(done, graceMs)))]);
    clearTimeout(timer);
    this.options.email?.close();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      try {
        const due = await this.options.queue.claimDue(this.channels, this.now(), batchSize);
        if (due.length) {
          // Open dashboards show these as sending (an admin's retry included) until the outcome.
          this.changed(due);
          await Promise.all(due.map((message) => this.deliver(message)));
          continue;
        }
        await this.sleep(await this.untilNextDue());
      } catch (error) {
        // The database itself failed (disk full, say): try again later rather than spin.
        this.options.log('delivery: the queue could not be read', error);
        await this.sleep(this.idleMs);
      }
    }
  }

  private async deliver(message: QueuedMessage): Promise<void> {
    const { queue } = this.options;
    try {
      const sent = await this.send(message);
      await queue.markSent(message.id, this.now(), sent.providerId);
    } catch (caught) {
      const error = caught instanceof SendError ? caught : new SendError(caught instanceof Error ? caught.message : String(caught), false);
      const now = this.options.clock.now().getTime();
      if (error.permanent) {
        await queue.markFailed(message.id, this.now(), error.message);
        // The id, not the address: logs keep no personal details, and the dashboard shows the rest.
        this.options.log(`delivery: ${message.channel} ${message.id} failed: ${error.message}`);
      } else if (now >= Date.parse(message.queuedAt) + this.retryForMs) {
        // Retried for the whole period: the last attempt came after it ended.
        const reason = `Gave up after ${message.attempts + 1} attempts: ${error.message}`;
        await queue.markFailed(message.id, this.now(), reason);
        this.options.log(`delivery: ${message.channel} ${message.id} failed: ${reason}`);
      } else {
        await queue.reschedule(message.id, this.now(), new Date(now + this.backoff(message.attempts)).toISOString(), error.message);
      }
    }
    this.changed([message]);
  }

  /** Tells open dashboards that these messages' leads changed, once per lead. */
  private changed(messages: readonly QueuedMessage[]): void {
    const { feed } = this.options;
    if (!feed) return;
    const leads = new Map<string, LeadKind>();
    for (const { leadKind, leadId } of messages) {
      if (leadKind === 'inquiry' || leadKind === 'quote' || leadKind === 'review') leads.set(leadId, leadKind);
    }
    for (const [id, kind] of leads) feed.publish({ collection: leadCollections[kind], op: 'update', id });
  }

  private async send(message: QueuedMessage): Promise<Sent> {
    const { email, sms } = this.options;
    if (message.channel === 'email') {
      if (!email) throw new SendError('Email is not configured', false);
      // A new lead's emails are queued as their layout; the HTML is made now.
      if (message.html === undefined && message.layout) await loadEmailLayouts();
      return email.send({
        id: message.id,
        to: message.to,
        subject: message.subject ?? '',
        text: message.text,
        html: messageHtml(message),
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        ...(message.sender ? { sender: message.sender } : {}),
      });
    }
    if (!sms) throw new SendError('SMS is not configured', false);
    return sms.send({ id: message.id, to: message.to, text: message.text });
  }

  /** The delay before attempt n+1: doubling from the first delay, capped, times 0.5 to 1.5. */
  backoff(attempts: number): number {
    const base = Math.min(this.firstDelayMs * 2 ** Math.min(attempts, 30), this.maxDelayMs);
    return Math.round(base * (0.5 + this.random()));
  }

  private async untilNextDue(): Promise<number> {
    const next = await this.options.queue.nextDueAt(this.channels);
    if (!next) return this.idleMs;
    return Math.max(0, Math.min(Date.parse(next) - this.options.clock.now().getTime(), this.idleMs));
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise((done) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        done();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        finish();
      };
    });
  }

  private now(): string {
    return this.options.clock.now().toISOString();
  }
}
