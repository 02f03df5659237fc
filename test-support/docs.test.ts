/**
 * The docs (README.md and docs/*.md) keep up with the code: every web feature, every
 * environment variable the server reads and every npm script of the root package.json is named
 * in them; the commands their shell blocks give name scripts and files that exist; their links
 * to files of the repository resolve; and `npx tsx functions/scripts/...` runs as written from
 * the repository root. The lists come from the code itself (folders, the environment's schema,
 * package.json), so a new feature, variable or script fails this test until the docs name it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { envSchema } from '../functions/src/config';

const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** README.md and the guides in docs/ (not the decision records, which keep their history). */
const docFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const docs = docFiles.map((path) => ({ path, text: read(path) }));
const allText = docs.map((doc) => doc.text).join('\n');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `NAME` in backticks, alone or as the start of a code span such as `NAME=value`. */
const namedInCode = (name: string) => new RegExp('`' + escape(name) + '(`|[=\\s/])').test(allText);

const packageJson = (path: string) => JSON.parse(read(path)) as { scripts?: Record<string, string>; workspaces?: string[] };
const rootPackage = packageJson('package.json');
const rootScripts = Object.keys(rootPackage.scripts ?? {});
const workspaceScripts = new Map(
  (rootPackage.workspaces ?? []).map((workspace) => [workspace, Object.keys(packageJson(`${workspace}/package.json`).scripts ?? {})]),
);

/** The shell blocks of the docs (```sh), one command a line, comments and prompts removed. */
const commands = docs.flatMap(({ path, text }) =>
  [...text.matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)].flatMap((block) =>
    block[1]
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => ({ path, line })),
  ),
);

describe('the docs name what the code has', () => {
  it('every web feature (a folder of web/src/features)', () => {
    const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(10);
    const missing = features.filter((feature) => !namedInCode(feature) && !allText.includes(`features/${feature}`));
    expect(missing, 'features not named in README.md or docs/*.md (add them to docs/architecture.md)').toEqual([]);
  });

  it('every environment variable the server reads (readEnv, functions/src/config.ts)', () => {
    const variables = Object.keys(envSchema.shape);
    expect(variables).toContain('DATA_DIR');
    const missing = variables.filter((name) => !namedInCode(name));
    expect(missing, 'variables not named in backticks in README.md or docs/*.md (add them to docs/environment.md)').toEqual([]);
  });

  it('every npm script of the root package.json', () => {
    expect(rootScripts).toContain('test');
    const shorthand = new Set(['start', 'test']);
    const missing = rootScripts.filter(
      (name) =>
        !new RegExp(`npm run ${escape(name)}(?![\\w:-])`).test(allText) &&
        !(shorthand.has(name) && new RegExp(`npm ${name}(?![\\w:-])`).test(allText)),
    );
    expect(
      missing,
      'scripts never given as `npm run NAME` in README.md or docs/*.md (add them to docs/testing.md or docs/operations.md)',
    ).toEqual([]);
  });
});

describe('what the docs give exists', () => {
  it('every `npm run NAME` in a shell block is a script of the root or of the workspace it names', () => {
    const runs = commands.flatMap(({ path, line }) =>
      [...line.matchAll(/npm run ([\w:-]+)(?:\s+-w\s+([\w-]+))?/g)].map((match) => ({ path, line, script: match[1], workspace: match[2] })),
    );
    expect(runs.length).toBeGreaterThan(10);
    const unknown = runs.filter(({ script, workspace }) =>
      workspace ? !workspaceScripts.get(workspace)?.includes(script) : !rootScripts.includes(script),
    );
    expect(unknown.map(({ path, line }) => `${path}: ${line}`)).toEqual([]);
  });

  it('every file a shell block runs (node FILE, npx tsx FILE, bash FILE, . FILE) is there', () => {
    const files = commands.flatMap(({ path, line }) =>
      [...line.matchAll(/(?:^|\s)(?:node|tsx|bash|\.)\s+((?:[\w.-]+\/)+[\w.-]+\.(?:m?js|ts|sh)|\.ci\/run)\b/g)].map((match) => ({
        path,
        line,
        file: match[1],
      })),
    );
    expect(files.length).toBeGreaterThan(3);
    const missing = files.filter(({ file }) => !existsSync(join(root, file)));
    expect(missing.map(({ path, line }) => `${path}: ${line}`)).toEqual([]);
  });

  it('every link to a file of the repository resolves (README.md, docs/*.md)', () => {
    const broken = docs.flatMap(({ path, text }) =>
      [...text.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1].split('#')[0])
        .filter((target) => target && !/^[a-z]+:/i.test(target))
        .filter((target) => !existsSync(join(root, dirname(path), decodeURIComponent(target))))
        .map((target) => `${path} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });
});

describe('the commands the docs give run from the repository root', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docs-commands-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('npx tsx functions/scripts/make-large-data.ts DIR (here 50 inquiries and 200 visits) writes a data folder', () => {
    const command = commands.find(({ line }) => line.startsWith('npx tsx functions/scripts/make-large-data.ts '));
    expect(command, 'the docs give the make-large-data command').toBeDefined();
    const data = join(dir, 'large');
    const run = spawnSync('npx', ['tsx', 'functions/scripts/make-large-data.ts', data, '50', '200'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Wrote 50 inquiries with their messages and 200 visits to /m);
    expect(statSync(join(data, 'site.sqlite')).size).toBeGreaterThan(0);
  });
});
