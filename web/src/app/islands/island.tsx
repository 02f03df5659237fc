import { Suspense, useEffect, type ReactNode } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';
import { hydrateRoot } from 'react-dom/client';
import { replayEarlyClicks } from '#web/lib/early-clicks.ts';
import { adoptSiteData } from '#web/lib/site-data.ts';

/** The islands a public page hydrates in place, each in its own element (see hydrate.ts). */
export type IslandName = 'reviews' | 'showroom' | 'email-link' | 'booking';

/**
 * When an island starts: at the visitor's first pointer over, focus on, touch or tap of it;
 * as it comes near the screen; or once the page has painted (an island that is the page).
 */
export type IslandWhen = 'interaction' | 'visible' | 'now';

/**
 * Marks the part of a page that becomes an island: its HTML is what the server rendered, and
 * the browser hydrates only this part, with the same children (see hydrate.ts). It lays out as
 * if it were not there (display: contents). Until it is live, a tap on a button inside it is
 * kept and replayed (lib/early-clicks.ts).
 */
export function Island({ name, when, children }: { name: IslandName; when: IslandWhen; children: ReactNode }) {
  return (
    <div data-island={name} data-island-when={when} data-hydrating="" className="island">
      <Suspense fallback={null}>{children}</Suspense>
    </div>
  );
}

/**
 * Once the island has hydrated, its lazily loaded parts included (it sits after them, in the
 * same Suspense boundary): it is live, and takes the taps it missed.
 */
function Live({ element }: { element: HTMLElement }) {
  useEffect(() => replayEarlyClicks(element), [element]);
  return null;
}

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The router an island runs under: the page's own address, and links that load their page
 * (the public pages are separate documents, each with its own HTML).
 */
const fullPageNavigator: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

function IslandFrame({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash }} navigator={fullPageNavigator}>
      {children}
    </Router>
  );
}

/** Hydrates an island's element with the children the server rendered inside <Island>. */
export function hydrateIsland(element: HTMLElement, children: ReactNode) {
  adoptSiteData();
  hydrateRoot(
    element,
    <IslandFrame>
      <Suspense fallback={null}>
        {children}
        <Live element={element} />
      </Suspense>
    </IslandFrame>,
  );
}
