/**
 * Starts the app: hydrates a page prerendered for this route, or renders afresh. Imported by
 * main.tsx once the browser has painted the page.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { adoptSiteData } from '../lib/site-data';
import { prerenderedFor } from './prerender-marker';
import { AppRoutes } from './routes';

// No app-wide providers: the public pages need none (static CSS, no query client until a
// part that fetches loads), and the admin area brings MUI's in its own layout route.
const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
adoptSiteData();

if (prerenderedFor(container.dataset.prerendered, window.location.pathname)) {
  // The HTML was prerendered for this very route: adopt it. As a transition, React hydrates
  // in slices of a few milliseconds and answers a tap in between, instead of in one long task.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  // Another page's HTML (or none, in development): start afresh, without its head tags.
  if (container.dataset.prerendered !== undefined) {
    container.replaceChildren();
    for (const stale of document.head.querySelectorAll(
      'title, meta[name="description"], meta[name="keywords"], meta[name="robots"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"]',
    )) {
      stale.remove();
    }
  }
  createRoot(container).render(app);
}
