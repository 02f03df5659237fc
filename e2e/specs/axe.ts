import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core's default rules (injected through the DevTools protocol, which the site's CSP does
 * not govern) on the page, or on the part `include` selects (e.g. a dialog),
 * each violation described by its rule id, impact and help, then the elements at fault.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // Colours are measured at rest: wait until every finite animation and transition (a dialog
  // fading in, a ripple) has finished. Endless ones, such as a progress spinner, are ignored.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) axe.include(include);
  const { violations } = await axe.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** No axe violation; a failure lists each rule id with the elements it failed on. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include), `axe violations${include ? ` in ${include}` : ''} on ${page.url()}`).toEqual([]);
}
