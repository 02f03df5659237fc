/**
 * The pages' one inline script (web/index.html: it holds a tap that comes before the page's
 * script) runs only if the Content-Security-Policy names its hash, which the server and
 * Hosting both send: a change to the script without its new hash would stop it silently.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { earlyTapsScriptHash, securityHeaderList } from '../src/http/security';

const root = join(import.meta.dirname, '../..');

describe('the inline script of every page', () => {
  it('is the one the server’s and Hosting’s Content-Security-Policy allow by its hash', () => {
    const html = readFileSync(join(root, 'web/index.html'), 'utf8');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]).digest('base64')}'`;
    expect(earlyTapsScriptHash).toBe(hash);

    const serverPolicy = new Map(securityHeaderList).get('Content-Security-Policy') ?? '';
    const scriptSources = (policy: string) =>
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'script-src')
        ?.slice(1);
    expect(scriptSources(serverPolicy)).toContain(hash);
    const hosting = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
      hosting: { headers: Array<{ headers: Array<{ key: string; value: string }> }> };
    };
    const hostingPolicy = hosting.hosting.headers
      .flatMap((rule) => rule.headers)
      .find((header) => header.key === 'Content-Security-Policy');
    expect(scriptSources(hostingPolicy?.value ?? '')).toContain(hash);
  });
});
