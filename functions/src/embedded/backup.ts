/**
 * Backups of the embedded server's data: a consistent copy of the SQLite database (SQLite's
 * online backup, taken while the server keeps writing) and the uploaded files, in one
 * .tar.gz. `npm run admin -- backup FILE` and the server's daily backup write the same
 * archive; `npm run admin -- restore FILE` unpacks one into an empty DATA_DIR.
 */
import Database from 'better-sqlite3';
import { copyFile, link, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Logger } from 'pino';
import { create as createTar, extract as extractTar } from 'tar';
import { errorCode } from './startup-error';

export const databaseFile = (dataDir: string) => join(dataDir, 'site.sqlite');
export const objectsDir = (dataDir: string) => join(dataDir, 'objects');
export const backupsDir = (dataDir: string) => join(dataDir, 'backups');
const lastBackupFile = (dataDir: string) => join(backupsDir(dataDir), 'last-backup.json');

/** Written into each archive, so a restore can tell a backup from any other .tar.gz. */
interface Manifest {
  format: 1;
  createdAt: string;
  objects: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** Uploaded files in the archive. */
  objects: number;
  at: string;
}

export interface BackupOptions {
  dataDir: string;
  /** The archive to write; it appears only when complete. */
  out: string;
  /** Writes a consistent copy of the database to `target`. */
  copyDatabase: (target: string, signal?: AbortSignal) => Promise<void>;
  now?: Date;
  signal?: AbortSignal;
}

/**
 * Copies the database, then hard-links the uploaded files into a staging folder inside
 * DATA_DIR (uploads are never changed in place, so a link is a snapshot that costs no space,
 * and a model deleted meanwhile stays in the archive), then packs both.
 */
export async function writeBackup({ dataDir, out, copyDatabase, now = new Date(), signal }: BackupOptions): Promise<BackupResult> {
  await mkdir(backupsDir(dataDir), { recursive: true });
  const staging = await mkdtemp(join(backupsDir(dataDir), '.staging-'));
  const partial = `${out}.partial`;
  try {
    await copyDatabase(join(staging, 'site.sqlite'), signal);
    signal?.throwIfAborted();
    await mkdir(join(staging, 'objects'));
    const objects = await linkTree(objectsDir(dataDir), join(staging, 'objects'));
    const manifest: Manifest = { format: 1, createdAt: now.toISOString(), objects };
    await writeFile(join(staging, 'backup.json'), `${JSON.stringify(manifest)}\n`);
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, ['backup.json', 'site.sqlite', 'objects']);
    // On disk before it takes its final name: a power cut leaves a whole archive or a .partial.
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, out);
    const result: BackupResult = { file: out, bytes: (await stat(out)).size, objects, at: now.toISOString() };
    await writeFile(lastBackupFile(dataDir), `${JSON.stringify({ at: result.at, file: out })}\n`);
    return result;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Links every file under `from` (except dot folders: uploads still arriving) into `to`; returns how many. */
async function linkTree(from: string, to: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 0;
    throw error;
  }
  await mkdir(to, { recursive: true });
  let count = 0;
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      count += await linkTree(source, target);
    } else if (entry.isFile()) {
      try {
        await link(source, target);
      } catch (error) {
        const code = errorCode(error);
        if (code === 'ENOENT') continue; // deleted since the listing: not part of this backup
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error;
        await copyFile(source, target); // a file system without hard links
      }
      count++;
    }
  }
  return count;
}

/**
 * A database copy for a process other than the server (the admin CLI): one backup step of
 * every page. SQLite restarts a stepped backup whenever another connection writes, which
 * under steady traffic could go on for ever; in WAL mode one step reads a single snapshot
 * while the server keeps committing.
 */
export function copyDatabaseFile(dataDir: string) {
  return async (target: string) => {
    const file = databaseFile(dataDir);
    let db: Database.Database;
    try {
      db = new Database(file, { fileMustExist: true });
    } catch (error) {
      if (errorCode(error) === 'SQLITE_CANTOPEN')
        throw new Error(`No database at ${file}: set DATA_DIR to the server's data folder.`, { cause: error });
      throw error;
    }
    try {
      await db.backup(target, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
  };
}

export interface RestoreResult {
  createdAt: string;
  inquiries: number;
  objects: number;
}

/** Unpacks a backup into `dataDir`, which must be empty or missing, and checks the database. */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  try {
    if (!(await stat(file)).isFile()) throw new Error(`${file} is not a file.`);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') throw new Error(`No backup at ${file}.`, { cause: error });
    throw error;
  }
  let existing: string[] = [];
  try {
    existing = await readdir(dataDir);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
  if (existing.length) {
    throw new Error(
      `DATA_DIR ${dataDir} is not empty: a restore only writes into an empty folder. Stop the server, then move that folder's contents away or set DATA_DIR to a new folder, and run the restore again.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await extractTar({
      file,
      cwd: dataDir,
      strict: true,
      // Only what a backup holds, and only plain files and folders (no links out of DATA_DIR).
      filter: (path, entry) => {
        const type = 'type' in entry ? entry.type : undefined;
        if (type !== undefined && type !== 'File' && type !== 'OldFile' && type !== 'Directory') return false;
        return path === 'backup.json' || path === 'site.sqlite' || path === 'objects' || path.startsWith('objects/');
      },
    });
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(join(dataDir, 'backup.json'), 'utf8')) as Manifest;
    } catch {
      throw new Error('it holds no backup.json');
    }
    const db = new Database(databaseFile(dataDir), { fileMustExist: true });
    try {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`its database is damaged (${String(check)})`);
      const { n } = db.prepare('SELECT count(*) AS n FROM project_inquiries').get() as { n: number };
      await rm(join(dataDir, 'backup.json'));
      return { createdAt: manifest.createdAt, inquiries: n, objects: manifest.objects };
    } finally {
      db.close();
    }
  } catch (error) {
    // Leave DATA_DIR as empty as it was, so the next attempt is not refused.
    for (const name of await readdir(dataDir)) await rm(join(dataDir, name), { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${file} could not be restored, it is not a whole backup made by npm run admin -- backup (${reason}). DATA_DIR is left empty.`,
      {
        cause: error,
      },
    );
  }
}

const namePattern = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

/** backup-2026-11-23T05-34-44-123Z.tar.gz: sorts by time, and is a valid file name everywhere. */
export const backupName = (at: Date) => `backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

/** The daily backups in DATA_DIR/backups, newest first. */
export async function listBackups(dataDir: string): Promise<Array<{ file: string; at: Date }>> {
  let names: string[];
  try {
    names = await readdir(backupsDir(dataDir));
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const m = namePattern.exec(name);
      return m ? [{ file: join(backupsDir(dataDir), name), at: new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** The latest backup written from this DATA_DIR (by the server or the CLI), or null. */
export async function lastBackup(dataDir: string): Promise<{ at: string; file: string } | null> {
  try {
    const recorded = JSON.parse(await readFile(lastBackupFile(dataDir), 'utf8')) as { at: string; file: string };
    if (typeof recorded.at === 'string' && typeof recorded.file === 'string') return recorded;
  } catch {
    // none recorded (or unreadable): fall back to the daily files
  }
  const [newest] = await listBackups(dataDir);
  return newest ? { at: newest.at.toISOString(), file: newest.file } : null;
}

/** Bytes of every file under `dir` (0 when it is missing). */
async function treeSize(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await treeSize(path);
    else if (entry.isFile())
      total += await stat(path).then(
        (s) => s.size,
        () => 0,
      );
  }
  return total;
}

/**
 * The most a backup can take on DATA_DIR's disk while it runs: the database's copy, and an
 * archive no larger than the copy plus the uploads (the uploads themselves are hard links).
 */
export async function backupSpaceNeeded(dataDir: string): Promise<number> {
  const size = (file: string) =>
    stat(file).then(
      (s) => s.size,
      () => 0,
    );
  const database = (await size(databaseFile(dataDir))) + (await size(`${databaseFile(dataDir)}-wal`));
  return 2 * database + (await treeSize(objectsDir(dataDir)));
}

export interface DailyBackupsOptions {
  dataDir: string;
  /** How many to keep; 0 turns the daily backup off. */
  keep: number;
  /** Free space the backup must leave on DATA_DIR's disk, so it never crowds out new leads. */
  minFreeBytes: number;
  copyDatabase: (target: string, signal?: AbortSignal) => Promise<void>;
  logger: Logger;
  intervalMs?: number;
}

/**
 * The server's daily backup into DATA_DIR/backups: due a day after the newest one there
 * (at once when there is none), then the oldest beyond `keep` are deleted.
 */
export class DailyBackups {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly intervalMs: number;

  constructor(private readonly options: DailyBackupsOptions) {
    this.intervalMs = options.intervalMs ?? 24 * 3600_000;
  }

  async start(): Promise<void> {
    if (this.options.keep === 0) return;
    // What a stop or crash in the middle of a backup left behind; not younger ones, which may
    // belong to an `npm run admin -- backup` under way.
    const dir = backupsDir(this.options.dataDir);
    for (const name of await readdir(dir).catch(() => [])) {
      if (!name.startsWith('.staging-') && !name.endsWith('.partial')) continue;
      const modified = await stat(join(dir, name)).then(
        (s) => s.mtimeMs,
        () => Date.now(),
      );
      if (modified < Date.now() - 3600_000) await rm(join(dir, name), { recursive: true, force: true });
    }
    const [newest] = await listBackups(this.options.dataDir);
    this.schedule(newest ? Math.max(0, newest.at.getTime() + this.intervalMs - Date.now()) : 0);
  }

  /**
   * Stops a database copy under way at once; packing the archive cannot be interrupted, so it
   * gets `graceMs` to finish (what it leaves is removed at the next start).
   */
  async stop(graceMs = 2000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise<void>((done) => (timer = setTimeout(done, graceMs)))]);
    clearTimeout(timer);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.run().finally(() => (this.running = undefined));
    }, ms);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    const { dataDir, keep, logger } = this.options;
    try {
      const disk = await statfs(dataDir);
      const free = disk.bavail * disk.bsize;
      const needed = (await backupSpaceNeeded(dataDir)) + this.options.minFreeBytes;
      if (free < needed) {
        const mb = (bytes: number) => Math.ceil(bytes / 1024 / 1024);
        logger.error(
          { freeBytes: free, neededBytes: needed },
          `daily backup skipped: it needs ${mb(needed)} MB free on DATA_DIR's disk and there are ${mb(free)} MB; free up space (older backups in DATA_DIR/backups, say). Trying again in an hour.`,
        );
        this.schedule(Math.min(this.intervalMs, 3600_000));
        return;
      }
      const started = Date.now();
      const now = new Date();
      const out = join(backupsDir(dataDir), backupName(now));
      const result = await writeBackup({ dataDir, out, copyDatabase: this.options.copyDatabase, now, signal: this.abort.signal });
      const pruned = (await listBackups(dataDir)).slice(keep);
      for (const old of pruned) await rm(old.file, { force: true });
      logger.info(
        {
          file: basename(result.file),
          bytes: result.bytes,
          objects: result.objects,
          durationMs: Date.now() - started,
          deleted: pruned.map((b) => basename(b.file)),
        },
        'daily backup written',
      );
      this.schedule(this.intervalMs);
    } catch (error) {
      if (this.stopped) return;
      logger.error({ err: error }, 'daily backup failed; trying again in an hour');
      this.schedule(Math.min(this.intervalMs, 3600_000));
    }
  }
}
