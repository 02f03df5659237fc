import './styles/public.css';
import { paths } from './config/paths';
import { startModelsRequest } from './features/showroom/api/early-models';
import { holdEarlyClicks } from './lib/early-clicks';
import { observeReveals } from './lib/reveal';

/**
 * The browser paints the prerendered page first; React is downloaded, evaluated and hydrates
 * the page once that first paint is on screen. Loaded straight away, it would compete with the
 * page for the network and hold the first paint back on a slow phone
 * (docs/decisions/009-public-page-speed.md).
 */
holdEarlyClicks();
observeReveals();

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The showroom's list is a lazily loaded route with its own data: the models and the
  // route's code are fetched alongside React instead of after it has hydrated.
  if (document.getElementById('root')?.dataset.prerendered === paths.showroom) {
    startModelsRequest();
    void import('./features/showroom/showroom-page');
  }
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
  !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
  painted()
) {
  start();
} else {
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  // Should the paint never be reported (the tab hidden meanwhile), start regardless.
  document.addEventListener('visibilitychange', start, { once: true });
  setTimeout(start, 1000);
}
