import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { newId } from '../ids';
import type { DeliveryQueue } from '../ports/messages';
import { mobileNumber } from '../phone';

interface OutboxLine {
  at?: unknown;
  channel?: unknown;
  to?: unknown;
  subject?: unknown;
  text?: unknown;
}

/**
 * Earlier versions appended each message to DATA_DIR/outbox/YYYY-MM-DD.jsonl and sent
 * nothing. Those lines move into the queue once: a message from the last day is queued and
 * sent; an older one is recorded as failed without sending, so that nobody gets a stale "we'll
 * be in touch shortly". The folder is then renamed
 * `outbox.imported`, which also keeps the import from running twice.
 */
export async function importOutbox(
  dir: string,
  queue: DeliveryQueue,
  now: Date,
): Promise<{ queued: number; failed: number; skipped: number }> {
  const counts = { queued: 0, failed: 0, skipped: 0 };
  if (!existsSync(dir)) return counts;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .sort();
  for (const file of files) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      let parsed: OutboxLine;
      try {
        parsed = JSON.parse(line) as OutboxLine;
      } catch {
        counts.skipped++; // a line cut short by a crash
        continue;
      }
      const { at, channel, to, subject, text } = parsed;
      if (
        (channel !== 'email' && channel !== 'sms') ||
        typeof to !== 'string' ||
        typeof text !== 'string' ||
        typeof at !== 'string' ||
        Number.isNaN(Date.parse(at))
      ) {
        counts.skipped++;
        continue;
      }
      const phone = channel === 'sms' ? mobileNumber(to) : null;
      if (phone && !phone.ok) {
        counts.skipped++;
        continue;
      }
      const id = newId();
      const nowIso = now.toISOString();
      await queue.enqueue({
        id,
        leadKind: 'outbox',
        leadId: '',
        channel,
        // The old outbox did not say; a message to the business's own NOTIFY_EMAIL was a staff copy.
        audience: 'customer',
        to: phone?.ok ? phone.e164 : to,
        ...(typeof subject === 'string' ? { subject } : {}),
        text,
        attempts: 0,
        createdAt: new Date(at).toISOString(),
        queuedAt: nowIso,
      });
      if (now.getTime() - Date.parse(at) > 24 * 3600_000) {
        await queue.markFailed(id, nowIso, 'Not sent: it waited in the old outbox file for more than a day');
        counts.failed++;
      } else {
        counts.queued++;
      }
    }
  }
  renameSync(dir, `${dir}.imported`);
  return counts;
}
