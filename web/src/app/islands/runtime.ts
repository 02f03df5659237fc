/**
 * What a prerendered public page runs: its first and only script before a tap. The page is
 * the server's HTML; nothing hydrates it as a whole. This script keeps the session's lead
 * source, records the visit, fades pictures in, runs the phone menu and the before/after
 * slider, and starts each island when it is needed: the dialogs and the lightbox when their
 * button is tapped, the reviews as they come near the screen, the showroom and the email link
 * pages at the first interaction with them (or once the page has painted, when their content
 * is still to come). React arrives with the first island.
 */
import { paths } from '#web/config/paths.ts';
import { startModelsRequest } from '#web/features/showroom/api/early-models.ts';
import { recordPublicVisit } from '#web/features/visits/api/record-visit.ts';
import { enhanceBeforeAfter } from '#web/lib/before-after.ts';
import { holdEarlyClicks } from '#web/lib/early-clicks.ts';
import { captureLeadSource } from '#web/lib/lead-source.ts';
import { enhanceMenu } from '#web/lib/menu.ts';
import { observeReveals } from '#web/lib/reveal.ts';
import { armIslands } from './hydrate';
import { inTurn } from './in-turn';
import { installOpeners, openFromAddress, openFromQuery, openRetried } from './openers';

/** Calls `then` once the page's first paint is on screen (at the latest a second from now). */
function afterFirstPaint(then: () => void) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    then();
  };
  if (
    document.visibilityState === 'hidden' ||
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    start();
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (performance.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  });
  // Buffered: a paint that came before this script is reported too.
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 1000);
}

/** `earlyTaps`: what was tapped before this script ran (lib/early-taps.ts), tapped again once the listeners are in. */
export function startIslands(prerendered: string, earlyTaps: readonly HTMLElement[] = []) {
  // Taps on a hydrating island's buttons, kept until it is live (lib/early-clicks.ts).
  holdEarlyClicks();
  installOpeners();

  const header = document.querySelector<HTMLButtonElement>('header button[aria-controls][data-icon-open]');
  if (header) enhanceMenu(header);
  for (const slider of document.querySelectorAll<HTMLElement>('[data-before-after]')) enhanceBeforeAfter(slider);
  // The showroom opened at one model (a project's "View in 3D") opens its viewer at once.
  const modelAsked = new URLSearchParams(window.location.search).has('model');
  const startPageIslands = armIslands((element) => element.dataset.island === 'showroom' && modelAsked);
  // Replayed once the islands are armed: an early tap on an island's button (a showroom card)
  // is its first interaction, which starts it, and is held until it is live.
  for (const tap of earlyTaps) tap.click();
  // A link such as /?start=project opens its dialog on its page, at once (openers.ts).
  const startAsked = openFromQuery();
  // A showroom rendered without its list (the build's own page) has its models preloaded by
  // the HTML: take them now, so that the first thumbnail is fetched and shown as soon as they
  // are in, before React has even started.
  const showroomPending = document.querySelector('[data-island="showroom"][data-island-when="now"]') !== null;
  const largestPicture = showroomPending ? startModelsRequest() : Promise.resolve();
  const revealsInView = observeReveals();
  // What the first paint does not need waits for it, each in a task of its own. The islands
  // that are the page start last, with the pictures in view, so React's download does not
  // compete with them on a slow phone.
  afterFirstPaint(() =>
    inTurn([
      () => {
        if (!openRetried() && !startAsked && earlyTaps.length === 0 && prerendered === paths.home) openFromAddress();
      },
      () => void captureLeadSource(),
      () => recordPublicVisit(window.location.pathname),
      () => void Promise.all([largestPicture, revealsInView]).then(startPageIslands),
    ]),
  );
}
