import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables, type ColumnKind, type TableSpec } from '#functions/ports/schema.ts';
import { searchTerm, searchTokens } from '#functions/ports/search.ts';
import { migrate, migrations } from './migrations';
import { createSqliteStore } from './store';

const dir = mkdtempSync(join(tmpdir(), 'sqlite-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything about a database's schema that the code relies on, in a form to compare. */
function schemaOf(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const names = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as Array<{
        name: string;
      }>
    ).map((t) => t.name);
    const strict = new Map((db.pragma('table_list') as Array<{ name: string; strict: number }>).map((t) => [t.name, t.strict === 1]));
    const described = names.map((name) => ({
      name,
      strict: strict.get(name),
      columns: db.pragma(`table_info(${name})`) as Array<{
        cid: number;
        name: string;
        type: string;
        notnull: number;
        dflt_value: string | null;
        pk: number;
      }>,
      indexes: (db.pragma(`index_list(${name})`) as Array<{ name: string; unique: number; origin: string; partial: number }>)
        .map((index) => ({ ...index, columns: (db.pragma(`index_info(${index.name})`) as Array<{ name: string }>).map((c) => c.name) }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    }));
    return { userVersion: db.pragma('user_version', { simple: true }) as number, tables: described };
  } finally {
    db.close();
  }
}

const at = '2024-03-01T09:00:00.000Z';

/** A database as the first release made it, holding one row in each of its tables. */
function firstReleaseDatabase(file: string) {
  const db = new Database(file);
  migrate(db, 1);
  const insert = (table: string, row: Record<string, unknown>) =>
    db
      .prepare(
        `INSERT INTO ${table} (${Object.keys(row)
          .map((c) => `"${c}"`)
          .join(', ')}) VALUES (${Object.keys(row)
          .map(() => '?')
          .join(', ')})`,
      )
      .run(...Object.values(row));
  insert('users', { id: 'u1', username: 'maria', password: 'scrypt$hash', createdAt: at });
  insert('sessions', { id: 's1', userId: 'u1', username: 'maria', createdAt: at, expiresAt: '2024-03-08T09:00:00.000Z' });
  insert('project_inquiries', {
    id: 'i1',
    rooms: '["kitchen"]',
    budget: '5000-15000',
    timeline: 'asap',
    firstName: 'Ava',
    lastName: 'Nguyen',
    email: 'ava@example.com',
    phone: '0412 345 678',
    createdAt: at,
  });
  insert('quote_requests', {
    id: 'q1',
    firstName: 'Noah',
    lastName: 'Lee',
    email: 'noah@example.com',
    suburb: 'Box Hill',
    room: 'Kitchen',
    createdAt: at,
  });
  insert('reviews', {
    id: 'r1',
    customerName: 'Olivia',
    rating: 5,
    reviewText: 'A wonderful new kitchen.',
    email: null,
    approved: 1,
    createdAt: at,
  });
  insert('visitor_tracking', { id: 'v1', page: '/gallery', userAgent: null, ipAddress: '203.0.113.9', visitedAt: at });
  insert('models_3d', {
    id: 'm1',
    name: 'Kitchen',
    description: 'An island kitchen',
    modelUrl: '/objects/k.glb',
    thumbnailUrl: '/objects/k.webp',
    exposure: 0.6,
    shadowIntensity: 0.5,
    displayOrder: 0,
    createdAt: at,
  });
  insert('stored_objects', {
    id: 'o1',
    key: 'models/k.glb',
    url: '/objects/k.glb',
    kind: 'model',
    contentType: 'model/gltf-binary',
    size: 1024,
    attached: 1,
    createdAt: at,
  });
  insert('upload_tickets', { id: 't1', kind: 'model', userId: 'u1', used: 0, createdAt: at, expiresAt: '2024-03-01T10:00:00.000Z' });
  expect(db.pragma('user_version', { simple: true })).toBe(1);
  db.close();
}

describe('SQLite migrations', () => {
  it('give a database of the first release, upgraded, the same schema as a new one, and keep its rows', async () => {
    const fresh = join(dir, 'fresh.sqlite');
    const upgradedFile = join(dir, 'first-release.sqlite');
    await createSqliteStore({ file: fresh }).close();
    firstReleaseDatabase(upgradedFile);
    const store = createSqliteStore({ file: upgradedFile });
    try {
      expect(schemaOf(upgradedFile)).toEqual(schemaOf(fresh));
      expect(schemaOf(fresh).userVersion).toBe(migrations.length);

      // Every row is still there, as the API reads it; leads gained their later fields.
      // Admins from before second factors have none.
      expect(await store.users.get('u1')).toEqual({
        id: 'u1',
        username: 'maria',
        password: 'scrypt$hash',
        createdAt: at,
        recoveryCodes: [],
        passkeys: [],
      });
      expect(await store.sessions.get('s1')).toEqual({
        id: 's1',
        userId: 'u1',
        username: 'maria',
        createdAt: at,
        expiresAt: '2024-03-08T09:00:00.000Z',
        // Sessions from before idle timeouts were last seen when they started.
        lastSeenAt: at,
        ipAddress: '',
        userAgent: '',
        mfaSetupRequired: false,
      });
      expect(await store.inquiries.get('i1')).toEqual({
        id: 'i1',
        rooms: ['kitchen'],
        budget: '5000-15000',
        timeline: 'asap',
        firstName: 'Ava',
        lastName: 'Nguyen',
        email: 'ava@example.com',
        phone: '0412 345 678',
        createdAt: at,
        status: 'new',
        history: [],
        updatedAt: at,
        // Leads from before sources came through no known channel.
        channel: 'Direct',
        // A lead new at the upgrade is due its reminder 2 business hours after it arrived (Friday
        // 20:00 in Melbourne): Monday 10:00 AEDT.
        followUpDueAt: '2024-03-03T23:00:00.000Z',
        followUp: 'pending',
      });
      expect(await store.quotes.get('q1')).toEqual({
        id: 'q1',
        firstName: 'Noah',
        lastName: 'Lee',
        email: 'noah@example.com',
        suburb: 'Box Hill',
        room: 'Kitchen',
        createdAt: at,
        status: 'new',
        history: [],
        updatedAt: at,
        // Leads from before sources came through no known channel.
        channel: 'Direct',
        // A lead new at the upgrade is due its reminder 2 business hours after it arrived (Friday
        // 20:00 in Melbourne): Monday 10:00 AEDT.
        followUpDueAt: '2024-03-03T23:00:00.000Z',
        followUp: 'pending',
      });
      expect(await store.reviews.get('r1')).toEqual({
        id: 'r1',
        customerName: 'Olivia',
        rating: 5,
        reviewText: 'A wonderful new kitchen.',
        approved: true,
        createdAt: at,
        // Reviews from before review requests were not sent through a customer's own link.
        verified: false,
      });
      expect(await store.visitors.get('v1')).toEqual({ id: 'v1', page: '/gallery', ipAddress: '203.0.113.9', visitedAt: at });
      expect(await store.models.get('m1')).toEqual({
        id: 'm1',
        name: 'Kitchen',
        description: 'An island kitchen',
        modelUrl: '/objects/k.glb',
        thumbnailUrl: '/objects/k.webp',
        exposure: 0.6,
        shadowIntensity: 0.5,
        displayOrder: 0,
        createdAt: at,
        // A model from before optimisation waits for it, with its upload as its original.
        originalUrl: '/objects/k.glb',
        processing: 'pending',
        variants: [],
        hotspots: [],
      });
      expect(await store.objects.get('o1')).toEqual({
        id: 'o1',
        key: 'models/k.glb',
        url: '/objects/k.glb',
        kind: 'model',
        contentType: 'model/gltf-binary',
        size: 1024,
        attached: true,
        createdAt: at,
      });
      expect(await store.uploadTickets.get('t1')).toEqual({
        id: 't1',
        kind: 'model',
        userId: 'u1',
        used: false,
        createdAt: at,
        expiresAt: '2024-03-01T10:00:00.000Z',
      });
      // The leads' search tokens were made by the migration: staff find old leads too.
      expect(await store.inquiries.count({ status: 'new' }, undefined, searchTerm('345 678') ?? '')).toBe(1);
      expect(await store.inquiries.count(undefined, undefined, searchTerm('ava ng') ?? '')).toBe(1);
      expect(await store.quotes.count({ status: 'new' }, undefined, searchTerm('box hill') ?? '')).toBe(1);
      // And the upgraded database takes new rows of today's shape.
      await store.inquiries.insert({
        id: 'i2',
        rooms: ['bathroom'],
        budget: '15000-30000',
        timeline: '3-months',
        firstName: 'Mia',
        lastName: 'Chen',
        email: 'mia@example.com',
        phone: '0400 111 222',
        createdAt: at,
        updatedAt: at,
        status: 'new',
        history: [],
      });
      expect(await store.inquiries.count({ status: 'new' })).toBe(2);
    } finally {
      await store.close();
    }
  });

  it('index the leads of a database at migration 9 (migration 10): searches find the same leads through the index', async () => {
    const file = join(dir, 'at-9.sqlite');
    const db = new Database(file);
    migrate(db, 9);
    const insertLead = db.prepare(
      `INSERT INTO project_inquiries (id, rooms, budget, timeline, firstName, lastName, email, phone, createdAt, status, history, searchTokens, updatedAt)
       VALUES (@id, '["kitchen"]', '5000-15000', 'asap', @firstName, @lastName, @email, @phone, @createdAt, @status, '[]', @searchTokens, @createdAt)`,
    );
    const people = [
      ['Ava', 'Nguyen', 'ava.nguyen@example.com', '0412 345 678', 'new'],
      ['Alex', 'Smith', 'alex@mail.test', '03 9000 1234', 'contacted'],
      ['Bo', 'Avanti', 'bo@example.org', '0400 111 222', 'new'],
    ] as const;
    for (const [i, [firstName, lastName, email, phone, status]] of people.entries()) {
      const row = { id: `i${i}`, firstName, lastName, email, phone, status, createdAt: `2024-03-0${i + 1}T09:00:00.000Z` };
      // The tokens as the product wrote them at migration 9 (the JSON column).
      insertLead.run({ ...row, searchTokens: JSON.stringify(searchTokens(tables.inquiries.search, row)) });
    }
    db.prepare(
      `INSERT INTO quote_requests (id, firstName, lastName, email, suburb, room, createdAt, status, history, searchTokens, updatedAt)
       VALUES ('q1', 'Noah', 'Lee', 'noah@example.com', 'Box Hill', 'Kitchen', @at, 'new', '[]', @tokens, @at)`,
    ).run({
      at,
      tokens: JSON.stringify(
        searchTokens(tables.quotes.search, { firstName: 'Noah', lastName: 'Lee', email: 'noah@example.com', suburb: 'Box Hill' }),
      ),
    });
    expect(db.pragma('user_version', { simple: true })).toBe(9);
    db.close();

    const store = createSqliteStore({ file });
    try {
      const search = async (query: string, status?: 'new' | 'contacted') => {
        const page = await store.inquiries.find({
          where: status ? { status } : undefined,
          search: searchTerm(query) ?? '',
          orderBy: 'createdAt',
          direction: 'desc',
          limit: 10,
        });
        return page.items.map((item) => item.id);
      };
      expect(await search('a')).toEqual(['i2', 'i1', 'i0']);
      expect(await search('av')).toEqual(['i2', 'i0']);
      expect(await search('ava ng')).toEqual(['i0']);
      expect(await search('alex@mail.test')).toEqual(['i1']);
      expect(await search('345 678')).toEqual(['i0']);
      expect(await search('+61 3 9000')).toEqual(['i1']);
      expect(await search('a', 'new')).toEqual(['i2', 'i0']);
      expect(await search('zed')).toEqual([]);
      expect(await store.inquiries.count({ status: 'contacted' }, undefined, searchTerm('a') ?? '')).toBe(1);
      expect(await store.quotes.count(undefined, undefined, searchTerm('box hill') ?? '')).toBe(1);
      // Through the index: every token of at most 4 characters of every lead is a row of it (migration 13).
      const check = new Database(file, { readonly: true });
      try {
        const indexed = (table: string) =>
          check
            .prepare(
              `SELECT (SELECT count(*) FROM ${table}_search) AS rows, (SELECT count(*) FROM ${table}, json_each(searchTokens) AS j WHERE length(j.value) <= 4) AS tokens`,
            )
            .get();
        const inquiries = indexed('project_inquiries') as { rows: number; tokens: number };
        expect(inquiries.rows).toBeGreaterThan(100);
        expect(inquiries.rows).toBe(inquiries.tokens);
        const quotes = indexed('quote_requests') as { rows: number; tokens: number };
        expect(quotes.rows).toBe(quotes.tokens);
        const plan = (
          check
            .prepare(
              `EXPLAIN QUERY PLAN SELECT t.* FROM project_inquiries_search AS s JOIN project_inquiries AS t ON t.id = s.id WHERE s.token = ? AND s."status" = ? ORDER BY s."createdAt" DESC, s.id DESC LIMIT 51`,
            )
            .all('a', 'new') as Array<{ detail: string }>
        ).map((row) => row.detail);
        expect(plan[0]).toMatch(/^SEARCH s USING PRIMARY KEY \(token=\?\)/);
        expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|json_each|SCAN/);
      } finally {
        check.close();
      }
      // Deleting an upgraded lead removes its index rows.
      await store.inquiries.delete('i0');
      expect(await search('ava ng')).toEqual([]);
      expect(await search('ava')).toEqual(['i2']);
    } finally {
      await store.close();
    }
  });

  it('are the SQL that shipped: a migration is never edited, only added', () => {
    // SHA-256 of each migration's SQL. A changed digest means a shipped migration was edited:
    // databases that already ran it would not get the change. Add a new migration instead
    // (and its digest here once it ships).
    const shipped = [
      'b359096ec392440a9355ebea98986d0be1d0badd3c221b40d390a76780b3ed3c',
      'c52a356fb4c72f04c30b1a3ce84ce31cab382b3e139389653671f44897162bf6',
      'c99b8da60f0d34a8e3ac8dbf1212725b311e3388a1e06e2dc9819b3b2c777947',
      '6a65d64aa0f521c26a1b7bd6de9758bc51d54d7b5ab2ec3ecdc48c40ab42c243',
      'd859d182d005ac825212c9a3c921e901021e6e41fb1727a06495271c50d113aa',
    ];
    const digests = migrations.map((m) => createHash('sha256').update(m.sql).digest('hex'));
    expect(digests.slice(0, shipped.length)).toEqual(shipped);
  });
});

const sqlType: Record<ColumnKind, string> = { text: 'TEXT', int: 'INTEGER', real: 'REAL', bool: 'INTEGER', json: 'TEXT' };

describe('the table specs (ports/schema.ts), which the SQLite collections read and write by', () => {
  let schema: ReturnType<typeof schemaOf>;
  beforeAll(async () => {
    const file = join(dir, 'spec.sqlite');
    await createSqliteStore({ file }).close();
    schema = schemaOf(file);
  });

  it.each(Object.values(tables) as TableSpec[])('agree with the migrated table $name', (spec) => {
    const table = schema.tables.find((t) => t.name === spec.name);
    expect(table, `${spec.name} is in the database`).toBeDefined();
    const optional = new Set(spec.optional ?? []);
    const expected = Object.entries(spec.columns).map(([name, kind]) => ({
      name,
      type: sqlType[kind],
      notnull: optional.has(name) ? 0 : 1,
      pk: name === 'id' ? 1 : 0,
    }));
    const actual = table!.columns.map(({ name, type, notnull, pk }) => ({ name, type, notnull, pk }));
    expect(actual.sort((a, b) => a.name.localeCompare(b.name))).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)));
    expect(table!.strict).toBe(true);
    // Each index is one the spec names (queries rely on them; unique ones make ConflictError).
    const indexes = table!.indexes
      .filter((index) => index.origin === 'c')
      .map((index) => ({ unique: index.unique === 1, columns: index.columns }));
    const specIndexes = [
      ...(spec.unique ?? []).map((c) => ({ unique: true, columns: [c] })),
      ...(spec.indexes ?? []).map((columns) => ({ unique: false, columns: [...columns] })),
    ];
    const key = (index: { unique: boolean; columns: string[] }) => `${index.unique}:${index.columns.join(',')}`;
    expect(indexes.map(key).sort()).toEqual(specIndexes.map(key).sort());
  });

  it("leave no table of the database out, but the booking grid's cells, the booking alerts of busy days, the message queue, the health probe, the leads' search tables (and their pending marks) and the business settings' one row", () => {
    const specNames = new Set((Object.values(tables) as TableSpec[]).map((spec) => spec.name));
    expect(schema.tables.map((t) => t.name).filter((name) => !specNames.has(name))).toEqual([
      'booking_alert_days',
      'booking_alerts',
      'booking_cells',
      'health_probe',
      'messages',
      'project_inquiries_search',
      'project_inquiries_search_pending',
      'quote_requests_search',
      'quote_requests_search_pending',
      'settings',
    ]);
  });
});
