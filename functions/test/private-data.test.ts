/**
 * What the built server and the admin CLI leave on disk and in the log: DATA_DIR and
 * everything in it readable by its owner only (also a DATA_DIR an older version left 0644),
 * the first admin's password in its file but never in a log line, and a request the client
 * gave up on logged as aborted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { glb, until } from './harness';
import {
  assertBuilt,
  baseEnv,
  freePort,
  functionsDir,
  runCli,
  spawnServer,
  startServer,
  stopServer,
  type ServerProcess,
} from './server-process';

const root = mkdtempSync(join(tmpdir(), 'private-data-'));
const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopServer));
  rmSync(root, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;
const modes = (paths: string[]) => Object.fromEntries(paths.map((path) => [path, mode(path).toString(8)]));

/** Every file and folder under `dir`, itself included. */
function tree(dir: string): string[] {
  return [dir, ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => join(dir, name))];
}

async function uploadModel(server: ServerProcess): Promise<string> {
  const admin = await server.adminClient();
  const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
  const uploaded = await admin.request<{ url: string }>('PUT', issued.body.uploadURL, { body: glb(100) });
  expect(uploaded.status).toBe(201);
  return uploaded.body.url;
}

describe('DATA_DIR', () => {
  it('is created 0700, with the database, backups and uploaded files 0600 and the folders inside 0700', async () => {
    const dataDir = join(root, 'fresh');
    const server = await startServer(dataDir, { BACKUP_KEEP: '2' });
    started.push(server);
    const url = await uploadModel(server);
    const backups = join(dataDir, 'backups');
    const daily = await until(() => readdirSync(backups).find((name) => name.endsWith('.tar.gz')), 'the first daily backup');
    const uploaded = join(dataDir, url.replace(/^\/objects\//, 'objects/'));

    expect(mode(dataDir)).toBe(0o700);
    for (const file of ['site.sqlite', 'site.sqlite-wal', 'site.sqlite-shm']) expect(mode(join(dataDir, file)), file).toBe(0o600);
    expect(mode(backups)).toBe(0o700);
    expect(mode(join(backups, daily))).toBe(0o600);
    expect(mode(join(dataDir, 'objects'))).toBe(0o700);
    expect(mode(join(dataDir, 'objects/models'))).toBe(0o700);
    expect(mode(uploaded)).toBe(0o600);

    // A backup taken with the CLI, and a restore of it into a new DATA_DIR.
    const archive = join(root, 'fresh-backup.tar.gz');
    expect((await runCli(dataDir, ['backup', archive])).code).toBe(0);
    expect(mode(archive)).toBe(0o600);
    const restored = join(root, 'restored');
    const restore = await runCli(restored, ['restore', archive]);
    expect(restore.code, restore.stderr).toBe(0);
    const everything = tree(restored);
    expect(everything).toContain(join(restored, url.replace(/^\/objects\//, 'objects/')));
    expect(modes(everything)).toEqual(Object.fromEntries(everything.map((path) => [path, statSync(path).isDirectory() ? '700' : '600'])));
    expect((await stopServer(server)).code).toBe(0);
  });

  it('from an older version, with 0755 folders and 0644 files, is made private at start', async () => {
    const dataDir = join(root, 'older');
    const first = await startServer(dataDir, { BACKUP_KEEP: '1' });
    started.push(first);
    const url = await uploadModel(first);
    await until(() => readdirSync(join(dataDir, 'backups')).some((name) => name.endsWith('.tar.gz')), 'the first daily backup');
    expect((await stopServer(first)).code).toBe(0);
    for (const path of tree(dataDir)) chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
    expect(mode(join(dataDir, 'site.sqlite'))).toBe(0o644);

    const server = await startServer(dataDir, { BACKUP_KEEP: '1' });
    started.push(server);
    expect((await server.client().get(url)).status).toBe(200);
    const everything = tree(dataDir);
    expect(everything.length).toBeGreaterThan(6);
    expect(modes(everything)).toEqual(Object.fromEntries(everything.map((path) => [path, statSync(path).isDirectory() ? '700' : '600'])));
    expect((await stopServer(server)).code).toBe(0);
  });
});

interface LogLine {
  level: string;
  msg: string;
  req?: { method: string; path: string };
  res?: { status: number };
}
const linesOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);

describe('the log, when stdout is not a terminal', () => {
  it('says where the first admin password is, and never the password', async () => {
    const dataDir = join(root, 'first-admin');
    const port = await freePort();
    const { ADMIN_USERNAME: _name, ADMIN_PASSWORD: _password, ...env } = baseEnv(dataDir, port);
    const server = await spawnServer({ ...env, LOG_LEVEL: 'info', BACKUP_KEEP: '0' });
    started.push(server);
    await until(async () => {
      try {
        return (await fetch(`${server.url}/api/health`)).ok;
      } catch {
        return false;
      }
    }, 'the server to answer');
    const file = join(dataDir, 'initial-admin-password.txt');
    const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))![1];
    expect(mode(file)).toBe(0o600);
    const login = await server.client().post('/api/login', { username: 'admin', password });
    expect(login.status).toBe(200);

    const exited = await stopServer(server);
    expect(exited.code).toBe(0);
    expect(exited.stdout + exited.stderr).not.toContain(password);
    const lines = linesOf(exited.stdout);
    expect(lines.map((l) => l.msg)).toContain(
      `Created the first admin account "admin". Its password is in ${file}, readable only by this user. Sign in at /login and keep it safe.`,
    );
  });

  it('logs a request the client gave up on before the answer was sent as aborted, without a status', async () => {
    const dataDir = join(root, 'aborted');
    const web = join(root, 'aborted-web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Home</title>');
    // Far more than the socket buffers hold: the answer cannot be finished before the client leaves.
    writeFileSync(join(web, 'assets/big-1a2b3c.bin'), Buffer.alloc(64 * 1024 * 1024, 1));
    const server = await startServer(dataDir, { LOG_LEVEL: 'info', BACKUP_KEEP: '0', WEB_DIST: web });
    started.push(server);

    await new Promise<void>((done, fail) => {
      const socket = connect(server.port, '127.0.0.1', () =>
        socket.write('GET /assets/big-1a2b3c.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n'),
      );
      socket.once('data', () => {
        socket.destroy();
        done();
      });
      socket.on('error', fail);
    });
    expect((await server.client().get('/assets/big-1a2b3c.bin', { range: 'bytes=0-9' })).status).toBe(206);

    const lines = await until(() => {
      const parsed = linesOf(server.stdout()).filter((l) => l.req?.path === '/assets/big-1a2b3c.bin');
      return parsed.length === 2 ? parsed : undefined;
    }, 'both requests in the log');
    const aborted = lines.find((l) => l.msg === 'request aborted');
    expect(aborted).toMatchObject({ level: 'info', req: { method: 'GET', path: '/assets/big-1a2b3c.bin' } });
    expect(aborted?.res).toBeUndefined();
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ res: { status: 206 } });
    expect((await stopServer(server)).code).toBe(0);
  });
});

/** util-linux's `script` runs a command on a new terminal: what a person starting the server sees. */
const hasScript = spawnSync('script', ['--version']).status === 0;

describe.skipIf(!hasScript)('the log, on a terminal (through `script`, from util-linux)', () => {
  it('is readable lines, not JSON, and shows the first admin password once', async () => {
    assertBuilt();
    const dataDir = join(root, 'terminal');
    const port = await freePort();
    const { ADMIN_USERNAME: _name, ADMIN_PASSWORD: _password, ...env } = baseEnv(dataDir, port);
    const child = spawn('script', ['-qfec', `${process.execPath} dist/server.js`, '/dev/null'], {
      cwd: functionsDir,
      env: { PATH: process.env.PATH ?? '', TERM: 'dumb', ...env, LOG_LEVEL: 'info', BACKUP_KEEP: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    try {
      await until(() => output.includes('Serving the site'), 'the server to start');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      await until(() => output.includes('request GET /api/health 200'), 'the request line');
      const file = join(dataDir, 'initial-admin-password.txt');
      expect(existsSync(file)).toBe(true);
      const password = /password: (\S+)/.exec(readFileSync(file, 'utf8'))![1];
      expect(output.split(password)).toHaveLength(2);
      expect(output.split(/\r?\n/).filter((line) => line.trimStart().startsWith('{"'))).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
