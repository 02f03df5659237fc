/**
 * Starts the islands a prerendered page hydrates in place (<Island> in its HTML), each when
 * its data-island-when says: at the first interaction with it (a pointer over it, a focus, a
 * touch or a tap, which is kept and replayed once it is live), as it comes near the screen,
 * or once the page has painted (an island that is the page, such as the showroom while its
 * list is still to come). React-free until an island starts: it runs in the public pages'
 * first script.
 */
import type { IslandName, IslandWhen } from './island';
import { loadIsland } from './load';

const islands: Record<IslandName, { what: string; load: () => Promise<{ hydrate: (element: HTMLElement) => void }> }> = {
  reviews: { what: 'the reviews', load: () => import('./reviews') },
  showroom: { what: 'the showroom', load: () => import('./showroom') },
  'email-link': { what: 'this page', load: () => import('./email-link') },
  booking: { what: 'the booking form', load: () => import('./booking') },
};

const isIsland = (name: string | undefined): name is IslandName => name !== undefined && Object.hasOwn(islands, name);
const whens: readonly IslandWhen[] = ['interaction', 'visible', 'now'];
const isWhen = (when: string | undefined): when is IslandWhen => whens.includes(when as IslandWhen);

const started = new WeakSet<HTMLElement>();

function start(element: HTMLElement) {
  const name = element.dataset.island;
  if (started.has(element) || !isIsland(name)) return;
  started.add(element);
  const island = islands[name];
  void loadIsland(island.what, async () => (await island.load()).hydrate(element), element);
}

// A picture of the island that fails to load starts it too: it shows its placeholder then.
const interactions = ['pointerover', 'focusin', 'touchstart', 'click', 'keydown', 'error'] as const;

/** Starts `element` at the first interaction with it. */
function onInteraction(element: HTMLElement) {
  const listener = (event: Event) => {
    if (!(event.target instanceof Node) || !element.contains(event.target)) return;
    for (const type of interactions) document.removeEventListener(type, listener, true);
    start(element);
  };
  // Capturing, on the document: a tap held back for the island (lib/early-clicks.ts) still counts.
  for (const type of interactions) document.addEventListener(type, listener, { capture: true, passive: true });
}

/** Starts `element` as it comes within a screen of the viewport. */
function onVisible(element: HTMLElement) {
  // The island's element lays out as its children (display: contents) and has no box to
  // intersect: its first child is watched for it.
  const box = element.firstElementChild;
  if (!box || typeof IntersectionObserver === 'undefined') return start(element);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      start(element);
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(box);
}

/**
 * Arms the page's islands: those started by an interaction or by coming into view at once;
 * returns a function that starts the ones that are the page (called once it has painted).
 * `now` names islands to start with those whatever their HTML says (the showroom opened at
 * one model, say).
 */
export function armIslands(now: (element: HTMLElement) => boolean): () => void {
  const atOnce: HTMLElement[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('#root [data-island]')) {
    const when = element.dataset.islandWhen;
    if (!isIsland(element.dataset.island) || !isWhen(when)) continue;
    // A picture that failed before this script ran: the island shows its placeholder at once.
    const brokenPicture = [...element.querySelectorAll('img')].some((image) => image.complete && image.naturalWidth === 0);
    if (when === 'now' || now(element) || brokenPicture) atOnce.push(element);
    else if (when === 'visible') onVisible(element);
    else onInteraction(element);
  }
  return () => atOnce.forEach(start);
}
