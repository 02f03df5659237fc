import './styles/public.css';
import { paths } from './config/paths';
import { startModelsRequest } from './features/showroom/api/early-models';
import { holdEarlyClicks } from './lib/early-clicks';
import { observeReveals } from './lib/reveal';

/**
 * The browser paints the prerendered page first; React is downloaded, evaluated and hydrates
 * the page once that first paint is on screen, with the pictures in view (the gallery's first
 * tiles faded in, the showroom's first thumbnail). Loaded straight away, it would compete with
 * the page for the network and hold those paints back on a slow phone; at the latest it starts
 * a second after this script (docs/decisions/009-public-page-speed.md).
 */
holdEarlyClicks();
const revealsInView = observeReveals();
// The showroom's models were preloaded by the page's HTML: take them now, so that the first
// thumbnail is fetched and shown as soon as they are in, before React has even started.
const showroom = document.getElementById('root')?.dataset.prerendered === paths.showroom;
const largestPicture = showroom ? startModelsRequest() : Promise.resolve();

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The showroom's page is loaded lazily: its code is fetched alongside React instead of
  // after it has hydrated.
  if (showroom) void import('./features/showroom/showroom-page');
  if (root?.dataset.prerendered?.startsWith('/projects/')) void import('./app/pages/project-page');
  void import('./app/start');
};

const root = document.getElementById('root');
const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
if (
  // The admin shells have nothing to paint before React renders them.
  root?.dataset.prerendered === undefined ||
  // A background tab paints nothing until it is shown.
  document.visibilityState === 'hidden' ||
  typeof PerformanceObserver === 'undefined' ||
  !PerformanceObserver.supportedEntryTypes?.includes('paint')
) {
  start();
} else {
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    void Promise.all([largestPicture, revealsInView]).then(start);
  });
  // Buffered: a paint that came before this script (it loads at low priority) is reported too.
  observer.observe({ type: 'paint', buffered: true });
  // Should the paint never be reported (the tab hidden meanwhile), start regardless.
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 1000);
}
