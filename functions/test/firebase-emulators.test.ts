/**
 * The Firebase emulator suite as `npm run emulators` runs it, offline: Auth, Functions,
 * Firestore (Google's emulator from the installed Cloud CLI package, through a launcher jar)
 * and Hosting, with firebase.json and the built function. Hosting serves the pages, and an
 * admin signs in through its /api/** rewrite: Hosting (and its emulator, which imitates it)
 * strips Set-Cookie from function answers whose Cache-Control is not `private`, so this is
 * where a session cookie that never reaches the browser shows.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firebaseToolsLauncher } from '../scripts/firestore-emulator.mjs';
import { goodInquiry } from './harness';

const root = join(import.meta.dirname, '../..');
const project = 'demo-renovation-site';
const password = 'emulator test password';

/** Why the emulators cannot run here, or what firebase-tools needs to start Firestore. */
async function prerequisites(): Promise<{ reason: string } | { launcherJar: string; javaHome: string }> {
  if (!existsSync(join(root, 'web/dist/index.html'))) return { reason: 'the web app is not built (npm run build -w web)' };
  try {
    const cli = createRequire(import.meta.url).resolve('firebase-tools/package.json');
    createRequire(cli).resolve('ajv');
  } catch {
    return { reason: 'firebase-tools is not fully installed (its dependency ajv is missing): run npm install' };
  }
  return firebaseToolsLauncher();
}
const ready = await prerequisites();
// CI (REQUIRE_EMULATORS=1) fails here rather than report the suite skipped.
if ('reason' in ready && process.env.REQUIRE_EMULATORS === '1') {
  throw new Error(`REQUIRE_EMULATORS=1, but the Firebase emulators cannot run: ${ready.reason}`);
}

/** What the check script, run inside `firebase emulators:exec`, sees through Hosting. */
const checkScript = (out: string) => `import { writeFileSync } from 'node:fs';
const site = 'http://127.0.0.1:5000';
const answer = async (res) => ({
  status: res.status,
  type: res.headers.get('content-type'),
  csp: res.headers.get('content-security-policy'),
  cache: res.headers.get('cache-control'),
  cookies: res.headers.getSetCookie(),
  body: await res.text(),
});
const call = async (method, path, { cookie, json } = {}) => {
  const headers = { origin: site };
  if (cookie) headers.cookie = cookie;
  if (json) headers['content-type'] = 'application/json';
  return answer(await fetch(site + path, { method, headers, body: json && JSON.stringify(json), redirect: 'manual' }));
};
const seen = {
  health: await call('GET', '/api/health'),
  about: await call('GET', '/about'),
  missing: await call('GET', '/no-such-page'),
  auth: await answer(await fetch('http://127.0.0.1:9099/')),
};
seen.inquiry = await call('POST', '/api/project-inquiry', { json: ${JSON.stringify(goodInquiry)} });
seen.login = await call('POST', '/api/login', { json: { username: 'admin', password: ${JSON.stringify(password)} } });
const cookie = seen.login.cookies.map((line) => line.split(';')[0]).join('; ');
seen.user = await call('GET', '/api/user', { cookie });
seen.inquiries = await call('GET', '/api/project-inquiries', { cookie });
seen.logout = await call('POST', '/api/logout', { cookie });
seen.afterLogout = await call('GET', '/api/user', { cookie });
writeFileSync(${JSON.stringify(out)}, JSON.stringify(seen));
`;

describe.skipIf('reason' in ready)(
  'reason' in ready ? `Firebase emulators (skipped: ${ready.reason})` : 'Firebase emulators (auth, functions, firestore, hosting) offline',
  () => {
    it('serve the site through Hosting, and let an admin sign in, list leads and sign out through its rewrite', () => {
      if ('reason' in ready) return;
      execFileSync(process.execPath, [join(root, 'functions/scripts/build-function.mjs')], { stdio: 'pipe' });
      writeFileSync(join(root, 'functions/lib/.secret.local'), `ADMIN_PASSWORD=${password}\n`, { mode: 0o600 });
      const dir = mkdtempSync(join(tmpdir(), 'emulator-check-'));
      const out = join(dir, 'out.json');
      const check = join(dir, 'check.mjs');
      writeFileSync(check, checkScript(out));
      try {
        execFileSync(
          'npx',
          ['firebase', 'emulators:exec', '--only', 'auth,functions,firestore,hosting', '--project', project, `node ${check}`],
          {
            cwd: root,
            stdio: 'pipe',
            timeout: 170_000,
            env: {
              ...process.env,
              FIRESTORE_EMULATOR_BINARY_PATH: ready.launcherJar,
              // firebase-tools checks the `java` on the PATH (21 or newer) and runs the launcher with it.
              PATH: `${join(ready.javaHome, 'bin')}:${dirname(process.execPath)}:${process.env.PATH}`,
              FIRESTORE_EMULATOR_HOST: '',
            },
          },
        );
        const seen = JSON.parse(readFileSync(out, 'utf8'));
        expect(seen.health).toMatchObject({ status: 200, cache: 'private, no-store' });
        expect(JSON.parse(seen.health.body)).toEqual({ status: 'ok' });
        expect(seen.about.status).toBe(200);
        expect(seen.about.type).toMatch(/^text\/html/);
        expect(seen.about.csp).toContain("script-src 'self'");
        expect(seen.missing.status).toBe(404);
        expect(JSON.parse(seen.auth.body)).toMatchObject({ authEmulator: { ready: true } });
        expect(seen.inquiry.status).toBe(201);

        // The session cookie survives Hosting, and with it the admin's session.
        expect(seen.login.status).toBe(200);
        expect(seen.login.cache).toBe('private, no-store');
        expect(seen.login.cookies.some((line: string) => line.startsWith('__session='))).toBe(true);
        expect(seen.user.status).toBe(200);
        expect(JSON.parse(seen.user.body)).toMatchObject({ username: 'admin' });
        expect(seen.inquiries.status).toBe(200);
        expect(JSON.parse(seen.inquiries.body).map((lead: { firstName: string }) => lead.firstName)).toEqual(['Ava']);
        expect(seen.logout.status).toBe(204);
        expect(seen.afterLogout.status).toBe(401);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 180_000);
  },
);
