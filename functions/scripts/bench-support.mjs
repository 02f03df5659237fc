// What npm run bench, bench:compare and the inquiry profile share: the admin and inquiry they
// send, the server's settings under load, a server process started and awaited, the 1,000
// approved reviews they list, and a process's CPU time.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const admin = { username: 'bench', password: 'bench password 1234' };

/**
 * Seconds of the inquiry load a server takes, not measured, before its inquiries are timed or
 * profiled (BENCH_WARMUP, 10): a new process's first seconds are V8 compiling and optimising its
 * code, which the bare server, with far less code, barely pays. In 3 s windows from a fresh app
 * server (load average about 1): about 1,000 µs of CPU a request in the first, 760-820 in the
 * second, 660-735 in the third, level at 610-690 from the fourth on; with 3 s of warm-up the
 * first measured turn was the app's worst in every run.
 */
export const inquiryWarmupSeconds = Number(process.env.BENCH_WARMUP ?? 10);

export const inquiry = {
  rooms: ['kitchen', 'bathroom'],
  budget: '15000-30000',
  timeline: '3-months',
  firstName: 'Ava',
  lastName: 'Nguyen',
  email: 'ava@example.com',
  phone: '0400 123 456',
};

/**
 * The embedded server's environment for a load on `dataDir`: the first admin, the form limit out
 * of the way, no web build (only the API is measured), and a staff address, which the first start
 * copies into the settings so each inquiry queues its staff alert as in a real site.
 */
export const loadEnv = (dataDir) => ({
  DATA_DIR: dataDir,
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  FORM_RATE_LIMIT: '100000000',
  WEB_DIST: join(dataDir, 'no-web'),
  NOTIFY_EMAIL: 'office@example.com',
});

const freePort = () =>
  new Promise((done) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => done(port));
    });
  });

/** Starts `script` with `env` on a free port and waits until /api/health answers. */
export async function startServer(script, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${script} did not start`);
}

/** Posts 1,000 reviews through the API and approves each, signed in as `admin`. */
export async function seedReviews(url) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  for (let i = 0; i < 1000; i++) {
    const res = await fetch(`${url}/api/review`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        customerName: `Customer ${i}`,
        rating: (i % 5) + 1,
        reviewText: 'Our new kitchen is wonderful, thank you all.',
        email: `c${i}@example.com`,
      }),
    });
    const { id } = await res.json();
    await fetch(`${url}/api/review/${id}/approve`, { method: 'POST', headers: { cookie } });
  }
}

/**
 * CPU time (user + system) a process has used, in ms, from /proc (Linux; clock ticks of
 * 10 ms); NaN where /proc cannot tell. Per request it stays steady when other work shares the
 * machine, where requests per second do not, so it is the figure to compare two versions by
 * on a busy machine.
 */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until the process has used under `quietMs` of CPU in each of `seconds` seconds running
 * (its background work done: models optimised, photos processed, a burst's writes flushed), or
 * until `deadline` (ms since 1970). Answers the CPU ms it used meanwhile and whether it went quiet.
 */
export async function untilQuiet(pid, { quietMs, seconds = 5, deadline }) {
  const start = cpuMs(pid);
  let last = start;
  let quiet = 0;
  while (quiet < seconds) {
    if (Date.now() > deadline) return { cpuMs: last - start, quiet: false };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    quiet = now - last < quietMs ? quiet + 1 : 0;
    last = now;
  }
  return { cpuMs: last - start, quiet: true };
}
