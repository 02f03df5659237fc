/**
 * The fade-in of elements rendered by <Reveal> (components/reveal.tsx), without React: main.tsx
 * starts it at the first paint, so a picture already in view fades in then instead of after
 * React has loaded and hydrated (on the gallery page that picture is the largest thing in
 * view). <Reveal> hands over the elements React renders later, after a navigation.
 */
const observers = new Map<number, IntersectionObserver>();
const watched = new WeakSet<Element>();
/** Per observer: settles once it has reported what is in view when it started. */
const firstReports = new Map<number, Promise<void>>();

function observerFor(threshold: number): IntersectionObserver {
  let observer = observers.get(threshold);
  if (!observer) {
    let reported = () => {};
    firstReports.set(threshold, new Promise<void>((resolve) => (reported = resolve)));
    observer = new IntersectionObserver(
      (entries, self) => {
        reported();
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

/** The longest of a CSS time list ("0.6s, 600ms") in milliseconds. */
const longestMs = (times: string) =>
  Math.max(0, ...times.split(',').map((time) => parseFloat(time) * (time.trim().endsWith('ms') ? 1 : 1000) || 0));

/**
 * Every element of the page still waiting to be revealed. Settles once those in view have
 * faded in (at once when none is in view, or the visitor asked for reduced motion): main.tsx
 * starts React after that, so React's download and hydration do not compete with the pictures
 * in view (on the gallery page, its largest), and the fade-in runs on a quiet main thread.
 */
export async function observeReveals(): Promise<void> {
  const waiting = [...document.querySelectorAll<HTMLElement>('[data-revealed="false"]')];
  for (const element of waiting) observeReveal(element);
  await Promise.all(firstReports.values());
  const fading = waiting.filter((element) => element.dataset.revealed === 'true').map((element) => getComputedStyle(element));
  const ms = Math.max(0, ...fading.map((style) => longestMs(style.transitionDuration) + longestMs(style.transitionDelay)));
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}
