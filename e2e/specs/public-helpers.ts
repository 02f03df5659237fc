import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe?: { run: (context?: unknown, options?: unknown) => Promise<AxeResults> };
  }
}

/** A name no other test in the worker uses, so each test finds its own records. */
export function uniqueName(prefix: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix}${letters}`;
}

const describe = (violations: Result[]) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join('\n  ')}`).join('\n');

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, which the site's CSP
 * does not govern) and expects no violation. `include` narrows the check, e.g. to a dialog.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(axeSource);
  // Let transitions settle so colours are measured at rest.
  await page.waitForTimeout(400);
  const results = await page.evaluate(
    (selector) => window.axe!.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] }),
    include ?? null,
  );
  expect(results.violations, describe(results.violations)).toEqual([]);
}

/** The toast shows its title and its message. */
export async function expectToast(page: Page, title: string, message: string) {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(title);
}
