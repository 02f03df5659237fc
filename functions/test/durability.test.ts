import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, goodInquiry } from './harness';

const functionsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(join(tmpdir(), 'durability-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Starts the real embedded server entry (src/server.ts through tsx) and waits for it. */
async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(functionsDir, 'src/server.ts')], {
    cwd: functionsDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      FORM_RATE_LIMIT: '100000',
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('durability', () => {
  it('keeps every acknowledged inquiry when the server is killed with SIGKILL mid-burst', async () => {
    const port = await freePort();
    const server = await startServer(port);
    const acknowledged: string[] = [];
    let failed = 0;
    const send = async (i: number) => {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/project-inquiry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...goodInquiry, firstName: `Burst${i}` }),
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
        else failed++;
      } catch {
        failed++;
      }
    };
    // 8 concurrent senders; kill the process once some writes have been acknowledged.
    let next = 0;
    const senders = Array.from({ length: 8 }, async () => {
      while (next < 5000) await send(next++);
    });
    while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 5));
    server.kill('SIGKILL');
    await Promise.all(senders);
    expect(failed).toBeGreaterThan(0); // the kill really happened mid-burst

    const restarted = await startServer(port);
    try {
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      });
      const cookie = login.headers.getSetCookie()[0].split(';')[0];
      const stored = new Set<string>();
      let cursor: string | null = null;
      do {
        const res: Response = await fetch(`http://127.0.0.1:${port}/api/project-inquiries?limit=200${cursor ? `&cursor=${cursor}` : ''}`, {
          headers: { cookie },
        });
        for (const inquiry of (await res.json()) as Array<{ id: string }>) stored.add(inquiry.id);
        cursor = res.headers.get('x-next-cursor');
      } while (cursor);
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      restarted.kill('SIGKILL');
    }
  }, 60_000);
});
