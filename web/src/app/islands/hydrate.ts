/**
 * Starts the islands a prerendered page hydrates in place (<Island> in its HTML): the reviews
 * when they come near the screen, the showroom and the email link pages at once (they are the
 * page). React-free until an island starts: it runs in the public pages' first script.
 */
import type { IslandName } from './island';
import { loadIsland } from './load';

const islands: Record<
  IslandName,
  { what: string; when: 'visible' | 'now'; load: () => Promise<{ hydrate: (element: HTMLElement) => void }> }
> = {
  reviews: { what: 'the reviews', when: 'visible', load: () => import('./reviews') },
  showroom: { what: 'the showroom', when: 'now', load: () => import('./showroom') },
  'email-link': { what: 'this page', when: 'now', load: () => import('./email-link') },
};

const isIsland = (name: string | undefined): name is IslandName => name !== undefined && Object.hasOwn(islands, name);

function start(element: HTMLElement, name: IslandName) {
  const island = islands[name];
  void loadIsland(island.what, async () => (await island.load()).hydrate(element), element);
}

export function hydrateIslands() {
  // An island's element lays out as its children (display: contents) and has no box to
  // intersect: its first child is watched for it.
  const islandOf = new WeakMap<Element, HTMLElement>();
  const visible =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries, observer) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer.unobserve(entry.target);
              const element = islandOf.get(entry.target);
              if (element && isIsland(element.dataset.island)) start(element, element.dataset.island);
            }
          },
          // A screen ahead: the island is live by the time it scrolls into view.
          { rootMargin: '100% 0px' },
        );
  for (const element of document.querySelectorAll<HTMLElement>('#root [data-island]')) {
    const name = element.dataset.island;
    if (!isIsland(name)) continue;
    const box = element.firstElementChild;
    if (islands[name].when === 'visible' && visible && box) {
      islandOf.set(box, element);
      visible.observe(box);
    } else {
      start(element, name);
    }
  }
}
