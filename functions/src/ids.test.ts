import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { newId, newTimeOrderedId } from './ids';

describe('ids', () => {
  it('makes random ids of 20 base62 characters, all different', () => {
    const ids = Array.from({ length: 2000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('makes time-ordered ids of the same shape that SQLite sorts by the time they were made', () => {
    const times = [0, 61, 62, 1_700_000_000_000, Date.parse('2026-12-05T12:00:00Z'), Date.parse('2026-12-05T12:00:00.001Z'), 62 ** 8 - 1];
    const ids = times.map((t) => newTimeOrderedId(t));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(ids[0].slice(0, 8)).toBe('00000000');
    expect(ids[1].slice(0, 8)).toBe('0000000z');
    expect(ids[2].slice(0, 8)).toBe('00000010');
    expect(ids.at(-1)?.slice(0, 8)).toBe('zzzzzzzz');

    // SQLite's own comparison of TEXT keys (bytes), which its indexes use, not JavaScript's.
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, at INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
    const shuffled = times.map((at, i) => ({ at, id: ids[i] })).sort(() => Math.random() - 0.5);
    for (const { id, at } of shuffled) insert.run(id, at);
    const byId = db.prepare('SELECT at FROM t ORDER BY id').pluck().all();
    expect(byId).toEqual(times);
  });

  it('keeps ids of one millisecond apart by their random part', () => {
    const at = Date.parse('2026-12-05T12:00:00Z');
    const ids = Array.from({ length: 1000 }, () => newTimeOrderedId(at));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
