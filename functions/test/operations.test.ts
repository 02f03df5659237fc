/**
 * What the people running the built server rely on: the deep health check and the JSON log
 * lines (one per request, errors with their stack, nothing personal).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin as adminAccount, glb, goodInquiry, until } from './harness';
import { runCli, startServer, stopServer, type ServerProcess } from './server-process';

const root = mkdtempSync(join(tmpdir(), 'operations-'));

describe('GET /api/health?deep=1', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer(join(root, 'health'), { BACKUP_KEEP: '0', NOTIFY_EMAIL: 'office@example.com' });
  });
  afterAll(() => stopServer(server));

  it('tells the public only that the server is up', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('needs an admin session', async () => {
    const res = await server.client().get<{ message: string }>('/api/health?deep=1');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Not signed in');
  });

  it('refuses another value of deep', async () => {
    const res = await (await server.adminClient()).get<{ errors: Record<string, string> }>('/api/health?deep=yes');
    expect(res.status).toBe(400);
    expect(res.body.errors.deep).toBe('Must be 1');
  });

  it('reports the database writable, free disk, unsent messages and the last backup', async () => {
    const admin = await server.adminClient();
    for (let i = 0; i < 2; i++) expect((await server.client().post('/api/project-inquiry', goodInquiry)).status).toBe(201);
    const inquiries = await admin.get<Array<{ messages: Array<{ status: string }> }>>('/api/project-inquiries');
    const queued = inquiries.body.flatMap((inquiry) => inquiry.messages).filter((m) => m.status === 'queued').length;
    expect(queued).toBeGreaterThan(0); // no SMTP or Twilio set: they wait

    const before = await admin.get<Record<string, unknown>>('/api/health?deep=1');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      status: 'ok',
      database: { writable: true },
      queue: { unsent: queued },
      backup: { lastAt: null, file: null, keep: 0 },
    });
    const disk = before.body.disk as { freeBytes: number; totalBytes: number };
    expect(disk.freeBytes).toBeGreaterThan(0);
    expect(disk.freeBytes).toBeLessThanOrEqual(disk.totalBytes);

    const archive = join(root, 'health-backup.tar.gz');
    expect((await runCli(join(root, 'health'), ['backup', archive])).code).toBe(0);
    const after = await admin.get<{ backup: { lastAt: string; file: string } }>('/api/health?deep=1');
    expect(after.body.backup.file).toBe(archive);
    expect(Number.isNaN(Date.parse(after.body.backup.lastAt))).toBe(false);
  });

  it('answers 503 with the reason while the database cannot be written, and 200 once it can', async () => {
    const admin = await server.adminClient();
    // Another process holds the database's write lock past the server's 5 s busy wait.
    const other = new Database(join(root, 'health', 'site.sqlite'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const failing = await admin.get<{ status: string; database: { writable: boolean; error: string } }>('/api/health?deep=1');
      expect(failing.status).toBe(503);
      expect(failing.body.status).toBe('failing');
      expect(failing.body.database).toEqual({ writable: false, error: 'database is locked' });
      other.exec('ROLLBACK');
      const healthy = await admin.get<{ status: string; database: { writable: boolean } }>('/api/health?deep=1');
      expect(healthy.status).toBe(200);
      expect(healthy.body).toMatchObject({ status: 'ok', database: { writable: true } });
    } finally {
      other.close();
    }
  });
});

interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  req?: { method: string; path: string };
  res?: { status: number };
  durationMs?: number;
  err?: { message: string; stack: string };
}
const linesOf = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);

const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopServer));
  rmSync(root, { recursive: true, force: true });
});

describe('logs', () => {
  it('writes one JSON line per request without personal details, and errors with their stack only in the log', async () => {
    const dataDir = join(root, 'logs');
    const server = await startServer(dataDir, { LOG_LEVEL: 'info', BACKUP_KEEP: '0' });
    started.push(server);
    const admin = await server.adminClient();
    const posted = await server.client().post('/api/project-inquiry', goodInquiry);
    expect(posted.status).toBe(201);
    const listed = await admin.get('/api/project-inquiries?limit=5&cursor=not-a-cursor');
    expect(listed.status).toBe(400);
    const requestId = listed.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The public reviews list is answered before Express (routes/reviews.ts), still logged.
    const reviews = await server.client().get('/api/reviews?limit=3');
    expect(reviews.status).toBe(200);
    const reviewsId = reviews.headers.get('x-request-id');
    expect(reviewsId).toMatch(/^[0-9a-f-]{36}$/);

    // An upload whose staging folder someone deleted: a real failure on the server's side.
    const issued = await admin.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
    const token = issued.body.uploadURL.split('/').pop()!;
    rmSync(join(dataDir, 'objects/.staging'), { recursive: true, force: true });
    const failed = await admin.request<{ message: string }>('PUT', `/api/objects/upload/${token}`, { body: glb(100) });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ message: 'Something went wrong on our side. Please try again.' });
    expect(failed.text).not.toMatch(/ENOENT|\s+at /);
    const failedId = failed.headers.get('x-request-id');

    const lines = await until(() => {
      const parsed = linesOf(server.stdout());
      return parsed.some((l) => l.requestId === failedId && l.msg === 'request') ? parsed : undefined;
    }, 'the log lines');
    const listLine = lines.find((l) => l.requestId === requestId && l.msg === 'request');
    expect(listLine).toMatchObject({
      level: 'info',
      req: { method: 'GET', path: '/api/project-inquiries?limit=5&cursor=~' },
      res: { status: 400 },
    });
    expect(typeof listLine?.durationMs).toBe('number');
    expect(lines.find((l) => l.requestId === reviewsId && l.msg === 'request')).toMatchObject({
      level: 'info',
      req: { method: 'GET', path: '/api/reviews?limit=3' },
      res: { status: 200 },
    });
    expect(lines.find((l) => l.req?.method === 'POST' && l.req.path === '/api/project-inquiry')).toMatchObject({ res: { status: 201 } });

    const errorLine = lines.find((l) => l.requestId === failedId && l.err);
    expect(errorLine?.level).toBe('error');
    expect(errorLine?.msg).toBe('PUT /api/objects/upload/:token failed');
    expect(errorLine?.err?.stack).toMatch(/\n\s+at /);
    expect(lines.find((l) => l.requestId === failedId && l.msg === 'request')).toMatchObject({ level: 'error', res: { status: 500 } });

    const all = server.stdout();
    for (const secret of [goodInquiry.email, goodInquiry.lastName, adminAccount.password, token, admin.cookie.split('=')[1]])
      expect(all).not.toContain(secret);
    expect((await stopServer(server)).code).toBe(0);
  });

  it('follows LOG_LEVEL', async () => {
    const server = await startServer(join(root, 'quiet'), { LOG_LEVEL: 'warn', BACKUP_KEEP: '0' });
    started.push(server);
    expect((await server.client().get('/api/health')).status).toBe(200);
    const exited = await stopServer(server);
    expect(exited.code).toBe(0);
    const lines = linesOf(exited.stdout);
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
    expect(lines.every((l) => l.level === 'warn' || l.level === 'error' || l.level === 'fatal')).toBe(true);
  });
});
