import type { ChangeEvent, MessageDelivery } from '@site/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryFeed } from '../adapters/memory-feed';
import { createSqliteStore, type SqliteStore } from '../adapters/sqlite/store';
import type { QueuedMessage } from '../ports/messages';
import { SendError, type EmailSender } from '../ports/senders';
import { DeliveryWorker } from './delivery-worker';

const start = new Date('2026-11-20T00:00:00.000Z');
let dir: string;
let store: SqliteStore;
let worker: DeliveryWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A clock the test moves. */
const clock = { at: start.getTime(), now: () => new Date(clock.at) };
/** What the worker logged, as message and error. */
let logged: unknown[][] = [];

/** What the worker told open dashboards. */
let published: ChangeEvent[] = [];

async function setUp(
  send: EmailSender['send'],
  about: Pick<QueuedMessage, 'id' | 'leadKind' | 'leadId'> = { id: 'm1', leadKind: 'test', leadId: '' },
) {
  dir = mkdtempSync(join(tmpdir(), 'worker-'));
  store = createSqliteStore({ file: join(dir, 'site.sqlite') });
  clock.at = start.getTime();
  logged = [];
  published = [];
  const feed = createMemoryFeed();
  feed.subscribe((event) => published.push(event));
  await store.queue.enqueue({
    ...about,
    channel: 'email',
    audience: 'staff',
    to: 'office@example.com',
    subject: 'Hello',
    text: 'Hello',
    attempts: 0,
    createdAt: start.toISOString(),
    queuedAt: start.toISOString(),
  });
  // The random factor of the jitter is pinned to 1 (0.5 + 0.5).
  worker = new DeliveryWorker({
    queue: store.queue,
    email: { send, close: () => undefined },
    clock,
    feed,
    log: (...line) => logged.push(line),
    idleMs: 5,
    random: () => 0.5,
  });
  await worker.start();
}

const message = async () => {
  const rows = await store.queue.claimDue(['email'], '9999-01-01T00:00:00.000Z', 1);
  return rows[0];
};

describe('the delivery worker', () => {
  it('retries a temporary failure with doubling delays, capped at an hour, for a whole day, then fails it', async () => {
    const attemptsAt: number[] = [];
    await setUp(async () => {
      attemptsAt.push(clock.at);
      throw new SendError('SMTP 421: Try again later', false);
    });
    // Move the clock to each due time as soon as the worker has rescheduled.
    for (let seen = 0; attemptsAt.length < 60;) {
      await new Promise((done) => setTimeout(done, 2));
      if (attemptsAt.length === seen) continue;
      seen = attemptsAt.length;
      const due = await store.queue.nextDueAt(['email']);
      if (!due) break; // failed
      clock.at = Date.parse(due);
      worker?.wake();
    }
    const delays = attemptsAt.slice(1).map((at, i) => (at - attemptsAt[i]) / 1000);
    expect(delays.slice(0, 9)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    const last = attemptsAt[attemptsAt.length - 1];
    expect(last - start.getTime()).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(attemptsAt[attemptsAt.length - 2] - start.getTime()).toBeLessThan(24 * 3600_000);
    const status = await store.messages.status();
    expect(status).toEqual({ queued: 0, failingInARow: 1 });
    expect(await message()).toBeUndefined();
    const row = (await store.messages.retry('m1', clock.now().toISOString())) as MessageDelivery;
    expect(row).toMatchObject({ status: 'queued', attempts: 0 });
    // The temporary failures show as the message's status; only giving up is logged, by id.
    expect(logged).toEqual([[`delivery: email m1 failed: Gave up after ${attemptsAt.length} attempts: SMTP 421: Try again later`]]);
    // A message of no lead changes no card.
    expect(published).toEqual([]);
  });

  it('fails a permanent refusal at once, with its reason', async () => {
    let attempts = 0;
    await setUp(async () => {
      attempts++;
      throw new SendError('SMTP 550: No such user', true);
    });
    for (let i = 0; i < 500 && (await store.messages.status()).failingInARow === 0; i++) await new Promise((done) => setTimeout(done, 5));
    expect(attempts).toBe(1);
    // The id, not the address: logs keep no personal details.
    expect(logged).toEqual([['delivery: email m1 failed: SMTP 550: No such user']]);
    const retried = (await store.messages.retry('m1', clock.now().toISOString())) as MessageDelivery;
    expect(retried.status).toBe('queued');
  });

  it("tells open dashboards when a lead's message starts sending and when it is sent", async () => {
    let release: () => void = () => undefined;
    const sending = new Promise<void>((done) => (release = done));
    let started = false;
    await setUp(
      async () => {
        started = true;
        await sending;
        return { providerId: '250 OK' };
      },
      { id: 'lead1-1', leadKind: 'inquiry', leadId: 'lead1' },
    );
    for (let i = 0; i < 500 && !started; i++) await new Promise((done) => setTimeout(done, 5));
    const update: ChangeEvent = { collection: 'project_inquiries', op: 'update', id: 'lead1' };
    expect(published).toEqual([update]);
    expect((await store.messages.forLeads(['lead1'])).get('lead1')).toMatchObject([{ id: 'lead1-1', status: 'sending' }]);
    release();
    for (let i = 0; i < 500 && published.length < 2; i++) await new Promise((done) => setTimeout(done, 5));
    expect(published).toEqual([update, update]);
    expect((await store.messages.forLeads(['lead1'])).get('lead1')).toMatchObject([{ id: 'lead1-1', status: 'sent' }]);
  });
});
