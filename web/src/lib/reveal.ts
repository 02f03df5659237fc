/**
 * The fade-in of elements rendered by <Reveal> (components/reveal.tsx), without React: main.tsx
 * starts it at the first paint, so a picture already in view fades in then instead of after
 * React has loaded and hydrated (on the gallery page that picture is the largest thing in
 * view). <Reveal> hands over the elements React renders later, after a navigation.
 */
const observers = new Map<number, IntersectionObserver>();
const watched = new WeakSet<Element>();

function observerFor(threshold: number): IntersectionObserver {
  let observer = observers.get(threshold);
  if (!observer) {
    observer = new IntersectionObserver(
      (entries, self) => {
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= threshold) {
            (entry.target as HTMLElement).dataset.revealed = 'true';
            self.unobserve(entry.target);
          }
        }
      },
      { threshold },
    );
    observers.set(threshold, observer);
  }
  return observer;
}

/** Shows the element, once, when enough of it (data-reveal-threshold, 0-1) scrolls into view. */
export function observeReveal(element: HTMLElement) {
  if (watched.has(element) || element.dataset.revealed !== 'false') return;
  watched.add(element);
  if (typeof IntersectionObserver === 'undefined') {
    element.dataset.revealed = 'true';
    return;
  }
  observerFor(Number(element.dataset.revealThreshold ?? 0)).observe(element);
}

export function unobserveReveal(element: HTMLElement) {
  watched.delete(element);
  observers.get(Number(element.dataset.revealThreshold ?? 0))?.unobserve(element);
}

/** Every element of the page still waiting to be revealed. */
export function observeReveals() {
  for (const element of document.querySelectorAll<HTMLElement>('[data-revealed="false"]')) observeReveal(element);
}
