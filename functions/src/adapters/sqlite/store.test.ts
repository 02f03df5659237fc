import type { Inquiry } from '@site/domain';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../../ports/store.contract';
import type { Lead, NewMessage } from '../../ports/messages';
import { searchTerm } from '../../ports/search';
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

describe('SQLite migration to lead statuses', () => {
  it('reads leads stored before statuses existed as new with no history, and finds them by search', async () => {
    const file = join(dir, 'before-statuses.sqlite');
    // The two lead tables as the first migration made them before statuses.
    const old = new Database(file);
    old.exec(`CREATE TABLE project_inquiries ("id" TEXT PRIMARY KEY, "rooms" TEXT NOT NULL, "budget" TEXT NOT NULL, "timeline" TEXT NOT NULL,
      "firstName" TEXT NOT NULL, "lastName" TEXT NOT NULL, "email" TEXT NOT NULL, "phone" TEXT NOT NULL, "createdAt" TEXT NOT NULL) STRICT`);
    old.exec(`CREATE TABLE quote_requests ("id" TEXT PRIMARY KEY, "firstName" TEXT NOT NULL, "lastName" TEXT NOT NULL, "email" TEXT NOT NULL,
      "suburb" TEXT NOT NULL, "room" TEXT NOT NULL, "createdAt" TEXT NOT NULL) STRICT`);
    old.prepare('INSERT INTO project_inquiries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run('i1', '["kitchen"]', '5000-15000', 'asap', 'Ava', 'Nguyen', 'ava@example.com', '0412 345 678', '2024-01-01T00:00:00.000Z');
    old.prepare('INSERT INTO quote_requests VALUES (?, ?, ?, ?, ?, ?, ?)').run('q1', 'Noah', 'Lee', 'noah@example.com', 'Box Hill', 'Kitchen', '2024-01-02T00:00:00.000Z');
    old.pragma('user_version = 1'); // the message queue's migration runs too
    old.close();

    const store = createSqliteStore({ file });
    expect(await store.inquiries.get('i1')).toEqual({
      id: 'i1', rooms: ['kitchen'], budget: '5000-15000', timeline: 'asap', firstName: 'Ava', lastName: 'Nguyen',
      email: 'ava@example.com', phone: '0412 345 678', createdAt: '2024-01-01T00:00:00.000Z', status: 'new', history: [],
      updatedAt: '2024-01-01T00:00:00.000Z',
    });
    expect(await store.inquiries.count({ status: 'new' }, undefined, searchTerm('0412 345') ?? '')).toBe(1);
    expect(await store.quotes.count({ status: 'new' }, undefined, searchTerm('box hill') ?? '')).toBe(1);
    await store.close();
  });
});

describe('SQLite group commit', () => {
  const now = '2025-01-01T00:00:00.000Z';
  const lead = (id: string, firstName = 'Ava'): Lead => {
    const record: Inquiry = { id, rooms: ['kitchen'], budget: '15000-30000', timeline: '3-months', firstName, lastName: 'Nguyen', email: 'ava@example.com', phone: '0400 123 456', createdAt: now, updatedAt: now, status: 'new', history: [] };
    return { kind: 'inquiry', record };
  };
  const alert = (id: string): NewMessage[] => [{ id: `${id}-1`, channel: 'email', audience: 'staff', to: 'office@example.com', subject: 'New inquiry', text: 'New inquiry' }];

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
