/**
 * The Auth, Functions and Hosting emulators start offline with firebase.json and the built
 * function, and Hosting serves the pages and rewrites /api/** to the function. (The
 * Firestore and Storage emulators need Java 21; see npm run test:rules.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const project = 'demo-renovation-site';

/** Why the emulators cannot run here, or null when they can. */
function unavailable(): string | null {
  if (!existsSync(join(root, 'web/dist/index.html'))) return 'the web app is not built (npm run build -w web)';
  try {
    const cli = createRequire(import.meta.url).resolve('firebase-tools/package.json');
    createRequire(cli).resolve('ajv');
    return null;
  } catch {
    return 'firebase-tools is not fully installed (its dependency ajv is missing): run npm install';
  }
}
const reason = unavailable();

describe.skipIf(reason !== null)(reason ? `Firebase emulators (skipped: ${reason})` : 'Firebase emulators (auth, functions, hosting) offline', () => {
  it('serve the site and the API through the Hosting rewrite', () => {
    execFileSync(process.execPath, [join(root, 'functions/scripts/build-function.mjs')], { stdio: 'pipe' });
    writeFileSync(join(root, 'functions/lib/.secret.local'), 'ADMIN_PASSWORD=emulator test password\n', { mode: 0o600 });
    const dir = mkdtempSync(join(tmpdir(), 'emulator-check-'));
    const out = join(dir, 'out.json');
    const check = join(dir, 'check.mjs');
    writeFileSync(
      check,
      `import { writeFileSync } from 'node:fs';
const get = async (url) => { const r = await fetch(url, { redirect: 'manual' }); return { status: r.status, type: r.headers.get('content-type'), csp: r.headers.get('content-security-policy'), cache: r.headers.get('cache-control'), body: await r.text() }; };
writeFileSync(${JSON.stringify(out)}, JSON.stringify({
  health: await get('http://127.0.0.1:5000/api/health'),
  about: await get('http://127.0.0.1:5000/about'),
  missing: await get('http://127.0.0.1:5000/no-such-page'),
  auth: await get('http://127.0.0.1:9099/'),
}));`,
    );
    try {
      execFileSync('npx', ['firebase', 'emulators:exec', '--only', 'auth,functions,hosting', '--project', project, `node ${check}`], {
        cwd: root,
        stdio: 'pipe',
        timeout: 170_000,
        env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}` },
      });
      const seen = JSON.parse(readFileSync(out, 'utf8'));
      expect(seen.health).toMatchObject({ status: 200, cache: 'private, no-store' });
      expect(JSON.parse(seen.health.body)).toEqual({ status: 'ok' });
      expect(seen.about.status).toBe(200);
      expect(seen.about.type).toMatch(/^text\/html/);
      expect(seen.about.csp).toContain("script-src 'self'");
      expect(seen.missing.status).toBe(404);
      expect(JSON.parse(seen.auth.body)).toMatchObject({ authEmulator: { ready: true } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
