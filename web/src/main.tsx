import './styles/public.css';
import { prerenderedFor } from './app/prerender-marker';
import { startIslands } from './app/islands/runtime';
import { takeEarlyTaps } from './lib/early-taps';

/**
 * The site's one entry script. A public page prerendered for this address is HTML with
 * islands: this script runs its small runtime, and each island loads its code when it is
 * needed (app/islands, docs/decisions/023-islands.md). Every other page (the admin area, the
 * sign-in, a page the server did not render for this address) is the app, rendered by React.
 */
const marker = document.getElementById('root')?.dataset.prerendered;
// The taps the inline script held (lib/early-taps.ts): the islands' runtime replays them; the
// app renders its own page, where they had nothing to act on.
const earlyTaps = takeEarlyTaps();
if (marker !== undefined && prerenderedFor(marker, window.location.pathname)) startIslands(marker, earlyTaps);
else void import('./app/start');
