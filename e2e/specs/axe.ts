import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page is at rest: every finite animation and transition (a dialog fading in, a
 * ripple) has finished (endless ones, such as a progress spinner, are ignored), the fonts and the
 * eagerly loaded images are in, and the document's height has not changed for two frames (or two seconds have passed).
 * axe-core reads a text's background from the elements under it, so a layout still moving when it
 * scrolls an element into view can put the element over the wrong background.
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
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let height = -1;
    for (let stable = 0, frames = 0; stable < 2 && frames < 120; frames++) {
      await frame();
      const now = document.documentElement.scrollHeight;
      stable = now === height ? stable + 1 : 0;
      height = now;
    }
  });
}

async function analyze(page: Page, include?: string): Promise<string[]> {
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

/**
 * axe-core's default rules (injected through the DevTools protocol, which the site's CSP does
 * not govern) on the page, or on the part `include` selects (e.g. a dialog),
 * each violation described by its rule id, impact and help, then the elements at fault.
 * A page found at fault is checked once more after a pause, and the second answer counts: a real
 * fault is still there, while a colour read as a lazily loaded photo moved the page (the footer's
 * white text read against the page's white, seen once in CI) is not.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const first = await analyze(page, include);
  if (first.length === 0) return first;
  await page.waitForTimeout(500);
  return analyze(page, include);
}

/** No axe violation; a failure lists each rule id with the elements it failed on. */
export async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, include), `axe violations${include ? ` in ${include}` : ''} on ${page.url()}`).toEqual([]);
}
