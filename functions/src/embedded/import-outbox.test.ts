import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteStore } from '../adapters/sqlite/store';
import { importOutbox } from './import-outbox';

let dir: string;
let store: SqliteStore;
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('importing the old outbox files', () => {
  it('queues the last day’s messages, keeps older ones as failed, skips what it cannot read, and runs once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-import-'));
    store = createSqliteStore({ file: join(dir, 'site.sqlite') });
    const outbox = join(dir, 'outbox');
    mkdirSync(outbox);
    const now = new Date('2026-11-20T10:00:00.000Z');
    const line = (value: object) => JSON.stringify(value);
    writeFileSync(
      join(outbox, '2026-11-20.jsonl'),
      [
        line({
          at: '2026-11-20T09:00:00.000Z',
          channel: 'email',
          to: 'ava@example.com',
          subject: 'We have received your project inquiry',
          text: 'Hi Ava',
        }),
        line({ at: '2026-11-20T09:00:00.000Z', channel: 'sms', to: '0400 123 456', text: 'Hi Ava, thanks' }),
        line({ at: '2026-11-20T09:00:00.000Z', channel: 'sms', to: '(03) 9123 4567', text: 'Hi Ben' }),
        '{"at": "2026-11-20T09:00:00.000Z", "chan',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(outbox, '2026-11-17.jsonl'),
      line({ at: '2026-11-17T09:00:00.000Z', channel: 'email', to: 'old@example.com', subject: 'Old', text: 'Old' }) + '\n',
    );

    expect(await importOutbox(outbox, store.queue, now)).toEqual({ queued: 2, failed: 1, skipped: 2 });
    expect(existsSync(outbox)).toBe(false);
    expect(existsSync(`${outbox}.imported`)).toBe(true);

    const due = await store.queue.claimDue(['email', 'sms'], now.toISOString(), 10);
    due.sort((a, b) => a.channel.localeCompare(b.channel));
    expect(due.map(({ channel, to, subject, text }) => ({ channel, to, subject, text }))).toEqual([
      { channel: 'email', to: 'ava@example.com', subject: 'We have received your project inquiry', text: 'Hi Ava' },
      { channel: 'sms', to: '+61400123456', subject: undefined, text: 'Hi Ava, thanks' },
    ]);
    expect(await store.messages.status()).toEqual({ queued: 2, failingInARow: 1 });
    expect(await importOutbox(outbox, store.queue, now)).toEqual({ queued: 0, failed: 0, skipped: 0 });
  });
});
