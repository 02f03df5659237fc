/**
 * The buttons that open an island on demand (data-opens="quote", "inquiry" or "lightbox"):
 * one listener for the whole document, so a button works from the page's first script, before
 * any of its island's code has arrived, and a first tap is never lost. Pointing at, focusing
 * or touching a button starts its code's download; a tap shows the loading state at once and
 * the dialog as soon as its code is in. React-free: it runs in the public pages' first script.
 */
import { hasSavedWizard } from '#web/features/inquiry/hooks/saved-wizard.ts';
import { showLightFirstStep, type LightFirstStep } from '#web/features/inquiry/light-first-step.ts';
import { loadIsland, retryAfterReload, showLoading } from './load';
import { startDialogs, type StartName } from './start-links';

type Opens = 'quote' | 'inquiry' | 'lightbox';

const islands = {
  quote: { what: 'the quote form', load: () => import('./lead-dialogs') },
  inquiry: { what: 'the project inquiry', load: () => import('./lead-dialogs') },
  lightbox: { what: 'the photo viewer', load: () => import('./lightbox') },
} satisfies Record<Opens, { what: string; load: () => Promise<unknown> }>;

const isOpens = (value: string | undefined): value is Opens => value !== undefined && Object.hasOwn(islands, value);

function triggerOf(event: Event): HTMLElement | null {
  const trigger = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-opens]') : null;
  return trigger && isOpens(trigger.dataset.opens) ? trigger : null;
}

/** The dialog being opened: a second tap meanwhile waits for the first. */
let opening: { opens: Opens; done: Promise<unknown> } | null = null;
/** Whether the lead dialogs' code is in (a dialog then opens at once). */
let leadDialogsLoaded = false;
/** The inquiry wizard's first step on screen while its code is on the way (light-first-step.ts). */
let lightStep: LightFirstStep | undefined;

/**
 * Opens an island's dialog, with the loading state until it shows. The inquiry wizard opened
 * for the first time, with nothing kept from before, shows its first step at once instead
 * (light-first-step.ts), and its code takes over from whichever first step is on screen
 * when it arrives: one closed meanwhile and opened again by a new tap counts.
 */
export function openIsland(opens: Opens, trigger?: HTMLElement): Promise<unknown> {
  if (opening) {
    if (opens === 'inquiry' && opening.opens === 'inquiry' && lightStep?.closed) lightStep = showLightFirstStep(trigger);
    return opening.done;
  }
  lightStep = opens === 'inquiry' && !leadDialogsLoaded && !hasSavedWizard() ? showLightFirstStep(trigger) : undefined;
  const hideLoading = lightStep ? () => lightStep?.remove() : showLoading();
  const island = islands[opens];
  const retry = { opens, ...(trigger?.dataset.photoIndex !== undefined ? { photoIndex: trigger.dataset.photoIndex } : {}) };
  const done = loadIsland(
    island.what,
    async () => {
      if (opens === 'lightbox') {
        if (trigger) await (await islands.lightbox.load()).open(trigger);
      } else {
        await (await islands[opens].load()).open(opens, () => lightStep, trigger);
        leadDialogsLoaded = true;
      }
    },
    undefined,
    retry,
  ).finally(() => {
    hideLoading();
    lightStep = undefined;
    opening = null;
  });
  opening = { opens, done };
  return done;
}

function preload(event: Event) {
  const trigger = triggerOf(event);
  const opens = trigger?.dataset.opens;
  if (!isOpens(opens)) return;
  if (opens === 'lightbox') void islands.lightbox.load().catch(() => undefined);
  else
    void islands[opens].load().then(
      (module) => module.preload(opens),
      () => undefined,
    );
}

let installed = false;

/** Listens for the openers' taps (once per document). */
export function installOpeners() {
  if (installed) return;
  installed = true;
  document.addEventListener('click', (event) => {
    const trigger = triggerOf(event);
    if (!trigger || !isOpens(trigger.dataset.opens)) return;
    event.preventDefault();
    void openIsland(trigger.dataset.opens, trigger);
  });
  // The openers that are links (start-links.ts) say they are buttons: Space presses them too.
  document.addEventListener('keydown', (event) => {
    const trigger = event.key === ' ' ? triggerOf(event) : null;
    if (!(trigger instanceof HTMLAnchorElement) || !isOpens(trigger.dataset.opens)) return;
    event.preventDefault();
    void openIsland(trigger.dataset.opens, trigger);
  });
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) document.addEventListener(type, preload, { passive: true });
}

/** Links such as /#free-quote and /#start-project open their dialog on the home page. */
const dialogForHash: Record<string, Opens> = { '#free-quote': 'quote', '#start-project': 'inquiry' };

/** On the home page: opens the dialog its address asks for, or the wizard a reload left half-filled. */
export function openFromAddress() {
  const fromHash = dialogForHash[window.location.hash];
  if (fromHash) void openIsland(fromHash);
  else if (hasSavedWizard()) void openIsland('inquiry');
}

/**
 * Opens the dialog the address's `start` asks for (start-links.ts), and takes `start` out of the address (a
 * reload or a shared link does not open it again); true when there was one.
 */
export function openFromQuery(): boolean {
  const url = new URL(window.location.href);
  const start = url.searchParams.get('start');
  if (start === null) return false;
  url.searchParams.delete('start');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const opens: Opens | undefined = Object.hasOwn(startDialogs, start) ? startDialogs[start as StartName] : undefined;
  if (!opens) return false;
  void openIsland(opens, document.querySelector<HTMLElement>(`[data-opens="${opens}"]`) ?? undefined);
  return true;
}

/** Opens again what a "Try again" reloaded the page for (load.ts); true when there was one. */
export function openRetried(): boolean {
  const retry = retryAfterReload();
  if (!retry || !isOpens(retry.opens)) return false;
  const selector =
    retry.photoIndex === undefined
      ? `[data-opens="${retry.opens}"]`
      : `[data-opens="lightbox"][data-photo-index="${CSS.escape(retry.photoIndex)}"]`;
  const trigger = document.querySelector<HTMLElement>(selector) ?? undefined;
  void openIsland(retry.opens, trigger);
  return true;
}
