/**
 * Backups of the embedded server: taken with `npm run admin -- backup` while inquiries are
 * being written over HTTP, restored with `npm run admin -- restore` into a fresh DATA_DIR,
 * and a server started on it; the daily backup and its retention.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupName } from '../src/embedded/backup';
import { glb, goodInquiry, until, type Client } from './harness';
import { runCli, startServer, stopServer, type ServerProcess } from './server-process';

const root = mkdtempSync(join(tmpdir(), 'backup-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map(stopServer));
  rmSync(root, { recursive: true, force: true });
});
async function start(dataDir: string, env: Record<string, string> = {}) {
  const server = await startServer(dataDir, env);
  running.push(server);
  return server;
}

/** Every inquiry the admin list shows, through all its pages. */
async function allInquiryIds(admin: Client): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const res: Awaited<ReturnType<Client['get']>> = await admin.get(`/api/project-inquiries?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
    for (const inquiry of res.body as Array<{ id: string }>) ids.add(inquiry.id);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return ids;
}

async function addModel(admin: Client, i: number): Promise<{ modelUrl: string; bytes: Buffer }> {
  const bytes = glb(1000 + i);
  const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
  const put = await admin.request<{ url: string }>('PUT', new URL(issued.body.uploadURL, 'http://x').pathname, { body: bytes });
  expect(put.status).toBe(201);
  const created = await admin.post('/api/3d-models', { name: `Model ${i}`, description: 'A kitchen in 3D', modelUrl: put.body.url });
  expect(created.status).toBe(201);
  return { modelUrl: put.body.url, bytes };
}

describe('backup and restore', () => {
  it('keeps every inquiry acknowledged before the backup and every model file, while inquiries keep arriving', async () => {
    const dataDir = join(root, 'live');
    const server = await start(dataDir, { BACKUP_KEEP: '0' });
    const admin = await server.adminClient();
    const models = [];
    for (let i = 0; i < 3; i++) models.push(await addModel(admin, i));

    // Four senders keep posting inquiries until told to stop.
    const acknowledged: string[] = [];
    let writing = true;
    const senders = Array.from({ length: 4 }, async (_, s) => {
      for (let i = 0; writing; i++) {
        const res = await server.client().post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, firstName: `Sender${s}x${i}` });
        expect(res.status).toBe(201);
        acknowledged.push(res.body.id);
      }
    });
    await until(() => acknowledged.length >= 100, '100 inquiries');
    const before = [...acknowledged];
    const archive = join(root, 'site-backup.tar.gz');
    const backup = await runCli(dataDir, ['backup', archive]);
    const during = acknowledged.length - before.length;
    writing = false;
    await Promise.all(senders);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${dataDir} (the database and 3 uploaded files) to ${archive}`);
    expect(during).toBeGreaterThan(0); // the backup really ran while inquiries were being stored

    const restoredDir = join(root, 'restored');
    const restore = await runCli(restoredDir, ['restore', archive]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored the backup of .* project inquiries, 3 uploaded files/);

    const restored = await start(restoredDir, { BACKUP_KEEP: '0' });
    const restoredAdmin = await restored.adminClient();
    const ids = await allInquiryIds(restoredAdmin);
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    // Nothing that was never acknowledged: every restored inquiry was answered 201.
    const answered = new Set(acknowledged);
    expect([...ids].filter((id) => !answered.has(id))).toEqual([]);

    const listed = await restored.client().get<Array<{ modelUrl: string }>>('/api/3d-models');
    expect(listed.body.map((m) => m.modelUrl).sort()).toEqual(models.map((m) => m.modelUrl).sort());
    for (const model of models) {
      const file = await fetch(restored.url + model.modelUrl);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(model.bytes)).toBe(true);
    }
  }, 60_000);

  it('refuses to restore into a DATA_DIR that is not empty, and touches nothing there', async () => {
    const dataDir = join(root, 'occupied');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'site.sqlite'), 'the live database');
    const archive = join(root, 'any.tar.gz');
    writeFileSync(archive, 'x');
    const restore = await runCli(dataDir, ['restore', archive]);
    expect(restore.code).toBe(1);
    expect(restore.stderr.trim()).toBe(
      `DATA_DIR ${dataDir} is not empty: a restore only writes into an empty folder. Stop the server, then move that folder's contents away or set DATA_DIR to a new folder, and run the restore again.`,
    );
    expect(readdirSync(dataDir)).toEqual(['site.sqlite']);
  });

  it('refuses a file that is not a backup and leaves DATA_DIR empty', async () => {
    const archive = join(root, 'photo.tar.gz');
    writeFileSync(archive, Buffer.alloc(4096, 7));
    const dataDir = join(root, 'empty');
    const restore = await runCli(dataDir, ['restore', archive]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`${archive} could not be restored, it is not a whole backup made by npm run admin -- backup`);
    expect(restore.stderr).not.toMatch(/^\s+at /m);
    expect(readdirSync(dataDir)).toEqual([]);

    const missing = await runCli(join(root, 'empty2'), ['restore', join(root, 'nothing.tar.gz')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`No backup at ${join(root, 'nothing.tar.gz')}.`);
  });

  it('will not overwrite an existing file', async () => {
    const dataDir = join(root, 'live');
    const existing = join(root, 'site-backup.tar.gz');
    const again = await runCli(dataDir, ['backup', existing]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`${existing} already exists: choose a new file name.`);
  });

  it('says so when DATA_DIR holds no database, and creates nothing there', async () => {
    const dataDir = join(root, 'wrong-folder');
    const backup = await runCli(dataDir, ['backup', join(root, 'wrong.tar.gz')]);
    expect(backup.code).toBe(1);
    expect(backup.stderr.trim()).toBe(`No database at ${join(dataDir, 'site.sqlite')}: set DATA_DIR to the server's data folder.`);
    expect(readdirSync(root)).not.toContain('wrong-folder');
  });
});

describe('daily backup', () => {
  it('backs up at start when the newest backup is over a day old, keeping the newest BACKUP_KEEP', async () => {
    const dataDir = join(root, 'daily');
    mkdirSync(join(dataDir, 'backups'), { recursive: true });
    const old = Array.from({ length: 5 }, (_, i) => backupName(new Date(Date.now() - (i + 2) * 86400_000)));
    for (const name of old) writeFileSync(join(dataDir, 'backups', name), 'an older backup');
    const server = await start(dataDir, { BACKUP_KEEP: '3' });
    const backups = () =>
      readdirSync(join(dataDir, 'backups'))
        .filter((name) => name.endsWith('.tar.gz'))
        .sort();
    const kept = await until(() => {
      const names = backups();
      return names.length === 3 && !names.includes(old[2]) ? names : undefined;
    }, 'the daily backup and the pruning');
    expect(kept).toEqual([old[1], old[0], kept[2]].sort());
    expect(old).not.toContain(kept[2]);

    const admin = await server.adminClient();
    const health = await admin.get<{ backup: { lastAt: string; keep: number } }>('/api/health?deep=1');
    expect(health.body.backup.keep).toBe(3);
    expect(health.body.backup.lastAt).toBe(
      new Date(
        Date.parse(kept[2].replace(/^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/, '$1T$2:$3:$4.$5Z')),
      ).toISOString(),
    );

    // The archive it wrote restores like a manual one.
    const restore = await runCli(join(root, 'daily-restored'), ['restore', join(dataDir, 'backups', kept[2])]);
    expect(restore.code).toBe(0);
  });

  it('keeps every inquiry acknowledged before it started, taken by the server while inquiries keep arriving', async () => {
    const dataDir = join(root, 'daily-live');
    mkdirSync(join(dataDir, 'backups'), { recursive: true });
    // The newest backup turns a day old ten seconds from now, so the next is taken under load:
    // time enough for the server to start and take inquiries on a busy machine.
    const previous = backupName(new Date(Date.now() - 86400_000 + 10_000));
    writeFileSync(join(dataDir, 'backups', previous), 'yesterday');
    const server = await start(dataDir, { BACKUP_KEEP: '2' });
    const acknowledged: Array<{ id: string; at: number }> = [];
    let writing = true;
    const senders = Array.from({ length: 4 }, async (_, s) => {
      for (let i = 0; writing; i++) {
        const res = await server.client().post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, firstName: `Daily${s}x${i}` });
        expect(res.status).toBe(201);
        acknowledged.push({ id: res.body.id, at: Date.now() });
      }
    });
    const written = await until(
      () => readdirSync(join(dataDir, 'backups')).find((name) => name.endsWith('.tar.gz') && name !== previous),
      'the daily backup',
    );
    writing = false;
    await Promise.all(senders);
    // The archive is named after the moment the backup began.
    const began = Date.parse(written.replace(/^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/, '$1T$2:$3:$4.$5Z'));
    const before = acknowledged.filter((a) => a.at < began).map((a) => a.id);
    expect(before.length).toBeGreaterThan(0);
    expect(acknowledged.some((a) => a.at > began)).toBe(true); // inquiries kept arriving during it

    const restoredDir = join(root, 'daily-live-restored');
    expect((await runCli(restoredDir, ['restore', join(dataDir, 'backups', written)])).code).toBe(0);
    const restored = await start(restoredDir, { BACKUP_KEEP: '0' });
    const ids = await allInquiryIds(await restored.adminClient());
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('is skipped, saying so, when it would leave less free disk than MIN_FREE_DISK_MB', async (ctx) => {
    // A private 64 MB tmpfs, so no one else changes its free space; mounting needs root.
    const disk = join(root, 'small-disk');
    mkdirSync(disk);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', disk], { stdio: 'pipe' });
    } catch {
      ctx.skip('mounting a tmpfs needs root');
    }
    let server: ServerProcess | undefined;
    try {
      const dataDir = join(disk, 'data');
      mkdirSync(join(dataDir, 'objects/models'), { recursive: true });
      writeFileSync(join(dataDir, 'objects/models/big.glb'), Buffer.alloc(4 * 1024 * 1024, 1));
      const { bavail, bsize } = statfsSync(disk);
      // Room to start (1 to 2 MB above the minimum), but not for a backup of a 4 MB upload.
      const minFreeMb = Math.floor((bavail * bsize) / 1024 / 1024) - 1;
      server = await start(dataDir, { MIN_FREE_DISK_MB: String(minFreeMb), LOG_LEVEL: 'info' });
      const running = server;
      const line = await until(
        () =>
          running
            .stdout()
            .split('\n')
            .find((l) => l.includes('daily backup skipped')),
        'the skipped backup line',
      );
      expect(JSON.parse(line)).toMatchObject({
        level: 'error',
        msg: expect.stringContaining('free up space (older backups in DATA_DIR/backups, say)'),
      });
      expect(readdirSync(dataDir)).not.toContain('backups'); // not even begun
      expect((await stopServer(server)).code).toBe(0);
    } finally {
      // The server's files are on the tmpfs: it must be gone before the tmpfs can go.
      if (server) await stopServer(server);
      execFileSync('umount', [disk]);
    }
  });

  it('is off with BACKUP_KEEP=0', async () => {
    const dataDir = join(root, 'no-daily');
    const server = await start(dataDir, { BACKUP_KEEP: '0' });
    const admin = await server.adminClient();
    const health = await admin.get<{ backup: { lastAt: string | null } }>('/api/health?deep=1');
    expect(health.body.backup.lastAt).toBeNull();
    expect(readdirSync(dataDir)).not.toContain('backups');
  });
});
