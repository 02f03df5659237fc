/**
 * Starts the app where the server did not prerender the page for this address: the admin
 * area, the sign-in, and (in development, or for HTML served for another route) the public
 * pages, rendered afresh. Imported by main.tsx; prerendered public pages run their islands
 * instead (app/islands).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { adoptSiteData } from '../lib/site-data';
import { installOpeners } from './islands/openers';
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
// The public pages' dialog and lightbox buttons open their islands here too.
installOpeners();

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
