import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../../ports/store.contract';
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
