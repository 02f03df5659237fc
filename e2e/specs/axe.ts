import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Readies the page for axe: every finite animation and transition (a dialog fading in, a ripple)
 * has finished (endless ones, such as a progress spinner, are ignored), the fonts and the eagerly
 * loaded images are in, and what the site lays out only as it nears the screen
 * (`content-visibility: auto`: the public pages' later sections and footer) is laid out now.
 * axe-core reads a text's background from the elements under it; inside a part the browser has
 * not laid out yet it reads whatever is there instead (axe-core's open issue 2768), which once
 * failed the footer's white text in CI. The page looks the same either way.
 */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(async () => {
    await document.fonts.ready;
    const eager = [...document.images].filter((image) => image.loading !== 'lazy' && !image.complete);
    await Promise.all(eager.map((image) => image.decode().catch(() => undefined)));
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * axe-core's default rules (injected through the DevTools protocol, which the site's CSP does
 * not govern) on the page, or on the part `include` selects (e.g. a dialog),
 * each violation described by its rule id, impact and help, then the elements at fault.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await settle(page);
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) axe.include(include);
  const { violations } = await axe.analyze();
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}` +
      // What axe found on the first element (for a colour, the two colours it read), to tell a real fault from a misread.
      ` (${violation.nodes[0]?.any[0]?.message ?? violation.nodes[0]?.failureSummary ?? ''})`,
  );
}

/** No axe violation; a failure lists each rule id with the elements it failed on. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include), `axe violations${include ? ` in ${include}` : ''} on ${page.url()}`).toEqual([]);
}
