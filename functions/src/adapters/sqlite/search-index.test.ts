import type { Inquiry, LeadStatus } from '@site/domain';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tables } from '#functions/ports/schema.ts';
import { searchTerm, searchTokens } from '#functions/ports/search.ts';
import type { Store } from '#functions/ports/store.ts';
import type { SqliteCollection } from './collection';
import { indexBatch, indexedTokenLength, indexEntries, indexIdleMs } from './search-index';
import { createSqliteStore } from './store';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-search-index-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const people = [
  ['Ava', 'Nguyen', 'ava.nguyen@example.com', '0412 345 678'],
  ['Alex', 'Smith', 'alex@mail.test', '03 9000 1234'],
  ['Bo', 'Avanti', 'bo@example.org', '0400 111 222'],
  ['Aria', 'Lee', 'aria@example.com', '0412 999 678'],
] as const;

/** Inquiry n: one of four people, createdAt in an order unlike the ids' (several share a createdAt). */
function inquiry(n: number, status: LeadStatus = 'new'): Inquiry {
  const [firstName, lastName, email, phone] = people[n % people.length];
  const createdAt = `2025-01-${String(1 + ((n * 7) % 5)).padStart(2, '0')}T09:00:00.000Z`;
  return {
    id: `i${String(n).padStart(3, '0')}`,
    rooms: ['kitchen'],
    budget: '15000-30000',
    timeline: '3-months',
    firstName,
    lastName,
    email,
    phone,
    createdAt,
    updatedAt: createdAt,
    status,
    history: [],
  };
}

// Terms longer than the index's tokens (4 characters) are read through their first 4 and checked: 'alex@mail.nothere' and 'ava nx' share those with leads but match none.
const queries = [
  'a',
  'av',
  'ava ng',
  'ava nx',
  'alex@mail.test',
  'alex@mail.nothere',
  '345 678',
  '678',
  '+61 3 9000',
  'example.com',
  'zed',
];

/** What a search must return, by the rules of ports/search.ts: the term among the lead's tokens, newest first by (createdAt, id). */
function expected(leads: Iterable<Inquiry>, query: string, status?: LeadStatus) {
  const term = searchTerm(query) ?? '';
  return [...leads]
    .filter(
      (lead) =>
        searchTokens(tables.inquiries.search!, lead as unknown as Record<string, unknown>).includes(term) &&
        (!status || lead.status === status),
    )
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)))
    .map((lead) => lead.id);
}

/** Every page of a search (pages of 2, through the cursors) and its count. */
async function search(store: Store, query: string, status?: LeadStatus) {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await store.inquiries.find({
      where: status ? { status } : undefined,
      search: searchTerm(query) ?? '',
      orderBy: 'createdAt',
      direction: 'desc',
      limit: 2,
      after,
    });
    ids.push(...page.items.map((item) => item.id));
    after = page.next;
  } while (after);
  const count = await store.inquiries.count(status ? { status } : undefined, undefined, searchTerm(query) ?? '');
  return { ids, count };
}

async function expectSearches(store: Store, leads: Map<string, Inquiry>) {
  for (const query of queries) {
    for (const status of [undefined, 'new', 'contacted'] as const) {
      const want = expected(leads.values(), query, status);
      expect(await search(store, query, status), `${query} ${status ?? ''}`).toEqual({ ids: want, count: want.length });
    }
  }
}

function pendingIn(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM project_inquiries_search_pending').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const collection = (store: Store) => store.inquiries as SqliteCollection<Inquiry>;

describe('SQLite lead search: the token table and the leads not yet indexed (decision 013)', () => {
  it("keeps a row for each token of up to 4 characters, with the lead's longer tokens that begin with it", () => {
    const tokens = searchTokens(tables.inquiries.search!, {
      firstName: 'Ava',
      lastName: 'Nguyen',
      email: 'ava@mail.test',
      phone: '0412 345 678',
    });
    const rows = new Map(indexEntries(tokens));
    expect([...rows.keys()].every((token) => [...token].length <= indexedTokenLength)).toBe(true);
    expect(rows.size).toBe(tokens.filter((token) => [...token].length <= indexedTokenLength).length);
    // "ava nguyen" is read through "ava" (no trailing space), the email through its own first four.
    expect(rows.get('ava')).toBe('\nava nguyen');
    expect(rows.get('ava@')).toBe('\nava@mail.test');
    expect(rows.get('nguy')).toBe('\nnguyen');
    expect(rows.get('nguyen')).toBeUndefined();
    expect(rows.get('ngu')).toBeNull();
    // Phone digits: each form's whole number, and each run of the bare number from where it starts.
    expect(rows.get('0412')).toBe('\n0412345678');
    expect(rows.get('3456')).toBe('\n345678');
  });

  it('finds a lead as soon as its insert answered, and the same leads, order and counts once it is indexed', async () => {
    const file = join(dir, 'pending.sqlite');
    const store = createSqliteStore({ file });
    try {
      const leads = new Map<string, Inquiry>();
      // Some through the lead's group commit, some through insert().
      for (let n = 0; n < 6; n++) {
        const lead = inquiry(n);
        leads.set(lead.id, lead);
        await store.messages.insertLead({ kind: 'inquiry', record: lead }, [], lead.createdAt);
      }
      for (let n = 6; n < 10; n++) {
        const lead = inquiry(n);
        leads.set(lead.id, lead);
        await store.inquiries.insert(lead);
      }
      // Before any indexing: all ten are pending, found through their own tokens.
      expect(pendingIn(file)).toBe(10);
      await expectSearches(store, leads);

      // Indexed (half of them, then all): the same answers from both parts, then from the index alone.
      expect(collection(store).searchIndex!.indexPending(5)).toBe(5);
      expect(pendingIn(file)).toBe(5);
      await expectSearches(store, leads);
      expect(collection(store).searchIndex!.indexAllPending()).toBe(5);
      expect(pendingIn(file)).toBe(0);
      await expectSearches(store, leads);

      // New leads beside indexed ones; status changes and deletes of both kinds.
      for (let n = 10; n < 16; n++) {
        const lead = inquiry(n);
        leads.set(lead.id, lead);
        await store.inquiries.insert(lead);
      }
      const contacted = (id: string) => ({ ...leads.get(id)!, status: 'contacted' as const });
      await store.inquiries.update('i001', { status: 'contacted' }); // indexed
      leads.set('i001', contacted('i001'));
      await store.inquiries.update('i011', { status: 'contacted' }); // pending
      leads.set('i011', contacted('i011'));
      expect(await store.inquiries.updateIf('i012', { status: 'new' }, { status: 'contacted' })).toBe(true); // pending
      leads.set('i012', contacted('i012'));
      await store.inquiries.transform('i002', () => ({ status: 'contacted' })); // indexed
      leads.set('i002', contacted('i002'));
      await store.inquiries.updateMany([
        { id: 'i003', patch: { status: 'contacted' } },
        { id: 'i013', patch: { status: 'contacted' } },
      ]);
      leads.set('i003', contacted('i003'));
      leads.set('i013', contacted('i013'));
      expect(await store.inquiries.delete('i000')).toBe(true); // indexed
      expect(await store.inquiries.delete('i010')).toBe(true); // pending
      await store.inquiries.deleteMany(['i004', 'i014']);
      for (const id of ['i000', 'i010', 'i004', 'i014']) leads.delete(id);
      expect(pendingIn(file)).toBe(4);
      await expectSearches(store, leads);

      // The background step indexes them a short while after the inserts.
      await new Promise((done) => setTimeout(done, indexIdleMs + 300));
      expect(pendingIn(file)).toBe(0);
      await expectSearches(store, leads);

      // Every token of at most 4 characters of every lead is a row of the index, with the lead's status; no row of a deleted lead.
      const check = new Database(file, { readonly: true });
      try {
        const rows = check.prepare('SELECT token, id, status FROM project_inquiries_search ORDER BY id, token').all();
        const want = [...leads.values()]
          .sort((a, b) => a.id.localeCompare(b.id))
          .flatMap((lead) =>
            searchTokens(tables.inquiries.search!, lead as unknown as Record<string, unknown>)
              .filter((token) => [...token].length <= indexedTokenLength)
              .map((token) => ({
                token,
                id: lead.id,
                status: lead.status,
              })),
          );
        expect(rows).toEqual(want);
      } finally {
        check.close();
      }
    } finally {
      await store.close();
    }
  });

  it('indexes at start what was pending when the store stopped (a crash, or a close before the background step), or in a backup', async () => {
    const file = join(dir, 'restart.sqlite');
    const first = createSqliteStore({ file });
    const leads = new Map<string, Inquiry>();
    for (let n = 0; n < indexBatch + 20; n++) leads.set(inquiry(n).id, inquiry(n));
    // One burst (one group commit), then the store closes before its background step.
    await Promise.all([...leads.values()].map((lead) => first.messages.insertLead({ kind: 'inquiry', record: lead }, [], lead.createdAt)));
    expect((await search(first, 'ava ng')).count).toBe(expected(leads.values(), 'ava ng').length);
    // A backup taken now holds the pending marks too: the store restored from it indexes them.
    const copy = join(dir, 'restart-backup.sqlite');
    await first.backup(copy);
    await first.close();
    expect(pendingIn(file)).toBe(indexBatch + 20);
    expect(pendingIn(copy)).toBe(indexBatch + 20);
    const restored = createSqliteStore({ file: copy });
    try {
      expect(pendingIn(copy)).toBe(0);
      await expectSearches(restored, leads);
    } finally {
      await restored.close();
    }

    const second = createSqliteStore({ file });
    try {
      expect(pendingIn(file)).toBe(0);
      await expectSearches(second, leads);
    } finally {
      await second.close();
    }
  });

  it('merges the two parts in key order: the token table read along its key, no sort of it', async () => {
    const file = join(dir, 'plan.sqlite');
    await createSqliteStore({ file }).close();
    const db = new Database(file, { readonly: true });
    try {
      // The page query SqliteCollection.findSearched makes, with a status filter and a cursor.
      const plan = (
        db
          .prepare(
            `EXPLAIN QUERY PLAN SELECT s."createdAt" AS __k, s.id AS __i, t.* FROM project_inquiries_search AS s JOIN project_inquiries AS t ON t.id = s.id WHERE s.token = @__search AND s."status" = @w_status AND (s."createdAt", s.id) < (@__cv, @__cid)` +
              ` UNION ALL SELECT p."createdAt" AS __k, p.id AS __i, t.* FROM project_inquiries_search_pending AS p JOIN project_inquiries AS t ON t.id = p.id WHERE instr(t."searchTokens", @__quoted) > 0 AND EXISTS (SELECT 1 FROM json_each(t."searchTokens") WHERE value = @__search) AND t."status" = @w_status AND (p."createdAt", p.id) < (@__cv, @__cid)` +
              ` ORDER BY 1 DESC, 2 DESC LIMIT @__limit`,
          )
          .all({ __search: 'a', __quoted: '"a"', w_status: 'new', __cv: '2025', __cid: 'x', __limit: 51 }) as Array<{ detail: string }>
      ).map((row) => row.detail);
      const text = plan.join('\n');
      expect(text).toMatch(/MERGE \(UNION ALL\)/);
      expect(text).toMatch(/SEARCH s USING PRIMARY KEY \(token=\? AND createdAt<\?\)|SEARCH s USING PRIMARY KEY \(token=\?/);
      expect(text).toMatch(/SEARCH p USING PRIMARY KEY|SCAN p/);
      expect(text).not.toMatch(/TEMP B-TREE/);
    } finally {
      db.close();
    }
  });
});
