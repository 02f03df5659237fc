// temporary: profile the inquiry route
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { admin, inquiry } from './bench-support.mjs';
const dataDir = mkdtempSync(join(tmpdir(), 'prof-'));
const port = 40000 + Math.floor(Math.random() * 1000);
const child = spawn(process.execPath, [...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.PROF] : []), process.env.SERVER ?? 'functions/dist/server.js'], {
  env: { ...process.env, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password, FORM_RATE_LIMIT: '100000000', WEB_DIST: join(dataDir, 'no-web'), NOTIFY_EMAIL: 'office@example.com', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 300; i++) { try { if ((await fetch(url + '/api/health')).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
const path = process.env.ROUTE ?? '/api/project-inquiry';
const opts = path === '/api/project-inquiry' ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(inquiry) } : {};
const r = await new Promise((res, rej) => autocannon({ url: url + path, connections: 10, duration: Number(process.env.SECS ?? 5), ...opts }, (e, x) => (e ? rej(e) : res(x))));
console.log({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
child.kill('SIGINT');
await new Promise((r) => child.on('exit', r));
rmSync(dataDir, { recursive: true, force: true });
