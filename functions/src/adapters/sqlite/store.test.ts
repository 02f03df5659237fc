import type { Inquiry } from '@site/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '#functions-test/store.contract.ts';
import type { Lead, NewMessage } from '#functions/ports/messages.ts';
import { createSqliteStore } from './store';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

describeStoreContract('SQLite', async () => createSqliteStore({ file: join(dir, `db-${n++}.sqlite`) }));

describe('SQLite store file', () => {
  it('keeps its data across reopening and does not migrate twice', async () => {
    const file = join(dir, 'reopen.sqlite');
    const first = createSqliteStore({ file });
    await first.visitors.insert({ id: 'v1', page: '/about', visitedAt: '2025-01-01T00:00:00.000Z' });
    await first.close();
    const second = createSqliteStore({ file });
    expect(await second.visitors.get('v1')).toEqual({ id: 'v1', page: '/about', visitedAt: '2025-01-01T00:00:00.000Z' });
    await second.close();
  });
});

describe('SQLite lead ids', () => {
  it('sort by when they were made, so new leads append to the id index', async () => {
    const store = createSqliteStore({ file: join(dir, 'lead-ids.sqlite') });
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(store.newLeadId());
      await new Promise((done) => setTimeout(done, 2));
    }
    expect([...made].sort()).toEqual(made);
    await store.close();
  });
});

describe('SQLite group commit', () => {
  const now = '2025-01-01T00:00:00.000Z';
  const lead = (id: string, firstName = 'Ava'): Lead => {
    const record: Inquiry = {
      id,
      rooms: ['kitchen'],
      budget: '15000-30000',
      timeline: '3-months',
      firstName,
      lastName: 'Nguyen',
      email: 'ava@example.com',
      phone: '0400 123 456',
      createdAt: now,
      updatedAt: now,
      status: 'new',
      history: [],
    };
    return { kind: 'inquiry', record };
  };
  const alert = (id: string): NewMessage[] => [
    { id: `${id}-1`, channel: 'email', audience: 'staff', to: 'office@example.com', subject: 'New inquiry', text: 'New inquiry' },
  ];

  it('stores leads that arrive together, and fails only the one that cannot be stored', async () => {
    const store = createSqliteStore({ file: join(dir, 'group.sqlite') });
    await store.messages.insertLead(lead('first'), alert('first'), now);
    // Sent in one turn of the event loop: one commit, which the duplicate id makes fail as a whole.
    const results = await Promise.allSettled([
      store.messages.insertLead(lead('a'), alert('a'), now),
      store.messages.insertLead(lead('first', 'Duplicate'), alert('first'), now),
      store.messages.insertLead(lead('b'), alert('b'), now),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await store.inquiries.count()).toBe(3);
    expect((await store.inquiries.get('first'))?.firstName).toBe('Ava');
    const messages = await store.messages.forLeads(['first', 'a', 'b']);
    expect([...messages.keys()].sort()).toEqual(['a', 'b', 'first']);
    expect(messages.get('first')).toHaveLength(1);
    await store.close();
  });
});
