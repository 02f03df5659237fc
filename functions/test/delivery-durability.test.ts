/**
 * A queued message survives kill -9: the real embedded entry (src/server.ts) is killed in a
 * burst of inquiries, started again, and every acknowledged inquiry's emails arrive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchSize } from '../src/services/delivery-worker';
import { admin, goodInquiry } from './harness';
import { startSmtpServer, waitFor, type TestSmtpServer } from './message-peers';

const functionsDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer(port: number, dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
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
      NOTIFY_EMAIL: 'office@example.com',
      ...env,
    },
    stdio: 'ignore',
  });
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    'the server to start',
    30_000,
  );
  return child;
}

/** Posts inquiries from 8 concurrent senders and kills the server once `killAfter` are acknowledged and `also` holds. */
async function burstThenKill(port: number, server: ChildProcess, killAfter: number, also: () => boolean = () => true) {
  const acknowledged: Array<{ id: string; email: string }> = [];
  let refused = 0;
  let next = 0;
  const senders = Array.from({ length: 8 }, async () => {
    while (next < 5000) {
      const email = `burst${next++}@example.com`;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/project-inquiry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...goodInquiry, email }),
        });
        if (res.status === 201) acknowledged.push({ id: ((await res.json()) as { id: string }).id, email });
        else refused++;
      } catch {
        refused++;
      }
    }
  });
  await waitFor(() => acknowledged.length >= killAfter && also(), `${killAfter} acknowledged inquiries`, 30_000);
  server.kill('SIGKILL');
  await Promise.all(senders);
  expect(refused).toBeGreaterThan(0); // the kill really came mid-burst
  return acknowledged;
}

/** How many times each acknowledged inquiry's staff alert and confirmation arrived. */
function arrivals(acknowledged: Array<{ id: string; email: string }>) {
  const alerts = new Map<string, number>();
  const confirmations = new Map<string, number>();
  for (const mail of smtp.received) {
    const lead = /#lead-([A-Za-z0-9]+)/.exec(mail.text)?.[1];
    if (mail.to[0] === 'office@example.com' && lead) alerts.set(lead, (alerts.get(lead) ?? 0) + 1);
    else confirmations.set(mail.to[0], (confirmations.get(mail.to[0]) ?? 0) + 1);
  }
  return {
    missing: acknowledged.filter(({ id, email }) => !alerts.get(id) || !confirmations.get(email)),
    repeated: [...alerts.values(), ...confirmations.values()].filter((n) => n > 1).length,
  };
}

describe('delivery durability', () => {
  it('sends every message queued before a kill -9 exactly once after the restart', async () => {
    smtp.received.length = 0;
    const dataDir = mkdtempSync(join(tmpdir(), 'delivery-kill-'));
    dirs.push(dataDir);
    const port = await freePort();
    // No SMTP yet: the messages can only wait in the queue.
    const acknowledged = await burstThenKill(port, await startServer(port, dataDir, {}), 200);
    expect(smtp.received).toEqual([]);

    const restarted = await startServer(port, dataDir, { SMTP_URL: smtp.url, MAIL_FROM: 'hello@example.com' });
    try {
      await waitFor(() => arrivals(acknowledged).missing.length === 0, 'every acknowledged inquiry’s emails', 60_000);
      const { repeated } = arrivals(acknowledged);
      expect(repeated).toBe(0);
      // Nothing beyond the acknowledged ones but the few stored as the kill came.
      expect(smtp.received.length).toBeGreaterThanOrEqual(acknowledged.length * 2);
      expect(smtp.received.length).toBeLessThanOrEqual((acknowledged.length + 8) * 2);
      expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(smtp.received.length);
    } finally {
      restarted.kill('SIGKILL');
    }
  }, 120_000);

  it('loses nothing when killed while sending, and repeats at most the sends under way', async () => {
    smtp.received.length = 0;
    const dataDir = mkdtempSync(join(tmpdir(), 'delivery-kill-sending-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'hello@example.com' };
    const acknowledged = await burstThenKill(port, await startServer(port, dataDir, env), 100, () => smtp.received.length >= 20);
    expect(smtp.received.length).toBeGreaterThan(0); // it was sending when killed

    const restarted = await startServer(port, dataDir, env);
    try {
      await waitFor(() => arrivals(acknowledged).missing.length === 0, 'every acknowledged inquiry’s emails', 60_000);
      // At-least-once: only a send the kill interrupted (at most one batch) may come twice.
      expect(arrivals(acknowledged).repeated).toBeLessThanOrEqual(batchSize);
    } finally {
      restarted.kill('SIGKILL');
    }
  }, 120_000);
});
