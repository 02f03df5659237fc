/**
 * What an operator sees when the built server cannot start (one line on stderr saying what
 * to fix, no stack trace, a failed exit), and when it is stopped with SIGTERM.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, chmodSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { glb, until } from './harness';
import {
  baseEnv,
  freePort,
  spawnServer,
  startServer as startServerProcess,
  stopServer,
  type Exited,
  type ServerProcess,
} from './server-process';

async function startServer(dataDir: string) {
  const server = await startServerProcess(dataDir);
  spawned.push(server);
  return server;
}

const root = mkdtempSync(join(tmpdir(), 'startup-'));
/** Every server a test spawned: one that started when it should not have is killed here. */
const spawned: ServerProcess[] = [];
afterAll(async () => {
  for (const server of spawned) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});
let n = 0;
const freshDir = () => join(root, `data-${++n}`);

/** Starts the server with these settings and returns how it ended. */
async function refusal(env: Record<string, string>, dataDir = freshDir()): Promise<Exited> {
  const port = await freePort();
  const server = await spawnServer({ ...baseEnv(dataDir, port), ...env });
  spawned.push(server);
  return server.exited;
}

function expectOneClearLine(exited: Exited, ...parts: string[]) {
  expect(exited.code).not.toBe(0);
  expect(exited.code).not.toBeNull();
  const lines = exited.stderr.trim().split('\n');
  for (const part of parts) expect(exited.stderr).toContain(part);
  expect(exited.stderr).not.toMatch(/^\s+at /m); // no stack trace
  return lines;
}

describe('the server refuses to start, saying what to fix', () => {
  it('on an invalid setting, naming it', async () => {
    const lines = expectOneClearLine(await refusal({ PORT: 'eighty' }), 'PORT', 'Invalid environment');
    expect(lines).toHaveLength(2); // the heading and one line for the one bad setting
    expectOneClearLine(await refusal({ LOG_LEVEL: 'loud' }), 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent');
    expectOneClearLine(await refusal({ BACKUP_KEEP: '-1' }), 'BACKUP_KEEP');
  });

  it('when DATA_DIR is a file', async () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    const lines = expectOneClearLine(await refusal({}, file), `DATA_DIR ${file} is not a folder`);
    expect(lines).toHaveLength(1);
  });

  it('when DATA_DIR cannot be written', async () => {
    // root writes through permissions, so root is given a folder of a read-only file system.
    let dataDir = '/sys/renovation-site-data';
    if (process.getuid?.() !== 0) {
      const locked = join(root, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o555);
      dataDir = join(locked, 'data');
    }
    const lines = expectOneClearLine(await refusal({}, dataDir), `DATA_DIR ${dataDir} cannot be written`, 'make it writable');
    expect(lines).toHaveLength(1);
  });

  it('when the disk holding DATA_DIR has less room than MIN_FREE_DISK_MB', async () => {
    const lines = expectOneClearLine(
      await refusal({ MIN_FREE_DISK_MB: String(1024 * 1024 * 1024) }),
      'is on a full disk',
      'MB free',
      'free up space',
    );
    expect(lines).toHaveLength(1);
  });

  it('when the disk holding DATA_DIR is really full', async (ctx) => {
    // A 1 MB tmpfs, filled up: mounting one needs root, so elsewhere this case is skipped.
    const tiny = join(root, 'tiny');
    mkdirSync(tiny);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', tiny], { stdio: 'pipe' });
    } catch {
      ctx.skip('mounting a tmpfs needs root');
    }
    try {
      const dataDir = join(tiny, 'data');
      mkdirSync(dataDir);
      try {
        writeFileSync(join(tiny, 'filler'), Buffer.alloc(2 * 1024 * 1024));
      } catch {
        // ENOSPC: full, as intended
      }
      // MIN_FREE_DISK_MB=0 lets the server try, so the refusal comes from the failed write.
      const lines = expectOneClearLine(
        await refusal({ MIN_FREE_DISK_MB: '0' }, dataDir),
        `DATA_DIR ${dataDir} is on a full disk`,
        'free up space',
      );
      expect(lines).toHaveLength(1);
    } finally {
      execFileSync('umount', [tiny]);
    }
  });

  it('when the database is damaged, pointing to the restore', async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'site.sqlite'), 'these bytes are not a SQLite database '.repeat(200));
    const lines = expectOneClearLine(
      await refusal({}, dataDir),
      `The database ${join(dataDir, 'site.sqlite')} is damaged`,
      'npm run admin -- restore',
    );
    expect(lines).toHaveLength(1);
  });

  it('when the port is in use', async () => {
    const taken = createServer();
    const port = await new Promise<number>((done) =>
      taken.listen(0, '127.0.0.1', () => {
        const address = taken.address();
        done(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    try {
      const dataDir = freshDir();
      const server = await spawnServer({ ...baseEnv(dataDir, port) });
      spawned.push(server);
      const lines = expectOneClearLine(await server.exited, `Port ${port} on 127.0.0.1 is already in use`, 'set PORT');
      expect(lines).toHaveLength(1);
    } finally {
      taken.close();
    }
  });
});

describe('SIGTERM', () => {
  it('finishes a request under way, ends the event streams, closes the database and exits 0', async () => {
    const dataDir = freshDir();
    const server = await startServer(dataDir);
    const admin = await server.adminClient();

    // An admin's dashboard, listening.
    const events = await fetch(`${server.url}/api/events`, { headers: { cookie: admin.cookie } });
    expect(events.status).toBe(200);
    const reader = events.body!.getReader();
    await reader.read(); // the stream's first line: it is open

    // An upload under way: half of a 200 KB model sent, the rest to follow after the signal.
    const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
    const model = glb(200_000);
    const answer = new Promise<{ status: number; body: string }>((done, fail) => {
      const put = request(`${server.url}${new URL(issued.body.uploadURL, server.url).pathname}`, {
        method: 'PUT',
        headers: { 'content-type': 'model/gltf-binary', 'content-length': String(model.length) },
      });
      put.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, body }));
      });
      put.on('error', fail);
      put.write(model.subarray(0, 100_000));
      void until(() => readdirSync(join(dataDir, 'objects/.staging')).length > 0, 'the upload to start arriving').then(() => {
        server.child.kill('SIGTERM');
        // Send the rest once the server has stopped taking new connections.
        void until(async () => {
          try {
            await fetch(`${server.url}/api/health`);
            return false;
          } catch {
            return true;
          }
        }, 'the server to stop listening').then(() => put.end(model.subarray(100_000)), fail);
      }, fail);
    });

    const uploaded = await answer;
    expect(uploaded.status).toBe(201);
    const { url } = JSON.parse(uploaded.body) as { url: string };
    expect(existsSync(join(dataDir, url.replace(/^\//, '')))).toBe(true);

    // The event stream ends instead of hanging.
    await until(async () => (await reader.read()).done, 'the event stream to end');

    // The process exits cleanly within the 10 s allowed; a clean close removes SQLite's WAL file.
    const exited = await Promise.race([
      server.exited,
      new Promise<never>((_, fail) => setTimeout(() => fail(new Error('the server did not exit within 10 s of SIGTERM')), 10_000)),
    ]);
    expect(exited.code).toBe(0);
    expect(existsSync(join(dataDir, 'site.sqlite-wal'))).toBe(false);
  });

  it('exits also when whatever read its log has gone away', async () => {
    const dataDir = freshDir();
    const port = await freePort();
    const server = await spawnServer({ ...baseEnv(dataDir, port), LOG_LEVEL: 'info' });
    spawned.push(server);
    await until(() => server.stdout().includes('Serving the site'), 'the server to start');
    server.child.stdout!.destroy(); // the log's reader is gone: writes to stdout now fail
    expect((await server.client().get('/api/health')).status).toBe(200);
    expect((await server.client().get('/api/health')).status).toBe(200);
    expect((await stopServer(server)).code).toBe(0);
  });

  it('exits at once when nothing is under way', async () => {
    const server = await startServer(freshDir());
    expect((await stopServer(server)).code).toBe(0);
  });
});
