/**
 * An acknowledged inquiry survives kill -9: the built embedded server is killed in a burst
 * of inquiries, started again on the same DATA_DIR, and every acknowledged one is there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Response } from './harness';
import { burstThenKill, startServer, stopServer } from './server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'durability-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('durability', () => {
  it('keeps every acknowledged inquiry when the server is killed with SIGKILL mid-burst', async () => {
    const { acknowledged, refused } = await burstThenKill(await startServer(dataDir), 300);
    expect(refused).toBeGreaterThan(0); // the kill really happened mid-burst

    const restarted = await startServer(dataDir);
    try {
      const admin = await restarted.adminClient();
      const stored = new Set<string>();
      let cursor: string | null = null;
      do {
        const res: Response<Array<{ id: string }>> = await admin.get<Array<{ id: string }>>(
          `/api/project-inquiries?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        );
        for (const inquiry of res.body) stored.add(inquiry.id);
        cursor = res.headers.get('x-next-cursor');
      } while (cursor);
      expect(acknowledged.filter(({ id }) => !stored.has(id))).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await stopServer(restarted);
    }
  }, 60_000);
});
