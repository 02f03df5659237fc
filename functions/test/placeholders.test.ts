import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultSettings } from '@site/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { functionsDir, startServer, stopServer } from './server-process';

const repoRoot = resolve(functionsDir, '..');
const dirs: string[] = [];
const files: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const file of files) rmSync(file, { force: true });
});

/** `npm run deploy -- ARGS` from the repository's root, with its exit code and output. */
const deploy = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn('npm', ['run', '--silent', 'deploy', '--', ...args], { cwd: repoRoot, env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });

describe('npm run deploy', () => {
  it("stops before deploying while the function's SITE_URL is an example address, and says where the details are set", async () => {
    const project = `demo-placeholder-check-${process.pid}`;
    const envFile = join(functionsDir, `.env.${project}`);
    files.push(envFile);
    writeFileSync(envFile, 'SITE_URL=https://www.example.org\n');
    const result = await deploy(['--project', project]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `Not deploying: SITE_URL is still the example "https://www.example.org" (functions/.env or functions/.env.${project}).`,
    );
    expect(result.stderr).toContain("the site's address and the business's details are set in the admin's Settings tab.");
    // firebase deploy never started: it would have printed its banner.
    expect(result.stdout + result.stderr).not.toContain('Deploying to');
  }, 60_000);
});

describe('the embedded server with example settings', () => {
  it('starts, and says once, in one log line, which settings still hold example values', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'placeholders-'));
    dirs.push(dataDir);
    const server = await startServer(dataDir, { LOG_LEVEL: 'warn', BACKUP_KEEP: '0', SITE_URL: 'https://www.northcotekitchens.com.au' });
    expect((await server.client().get('/api/health')).status).toBe(200);
    const exited = await stopServer(server);
    const warnings = exited.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .filter((line) => line.msg.includes('example settings'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe('warn');
    expect(warnings[0].msg).toBe(
      `The site still shows example settings: Brand name "${defaultSettings.business.brand}", Email "hello@example.com", Phone "(03) 7010 4620", Street address "12 Example Street". Put the business's real details in the admin's Settings tab before going live.`,
    );
    // SITE_URL was copied into the settings at this first start, so the site address is a real one.
    expect(warnings[0].msg).not.toContain('Site address');
  }, 60_000);
});
