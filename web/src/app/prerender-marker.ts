import { routeOf, sitePaths } from '../config/paths';

/** The data-prerendered value of the 404 page, which stands for every unknown path. */
export const notFoundMarker = '*';

/**
 * Whether HTML prerendered for `marker` (the route it was rendered at, on #root's
 * data-prerendered) is the HTML of `pathname`, so the browser may hydrate it.
 */
export function prerenderedFor(marker: string | undefined, pathname: string): boolean {
  if (marker === undefined) return false;
  const path = routeOf(pathname);
  // A project's page is rendered by the server for its own path; the 404 page served for a
  // project that is not (or no longer) published is rendered afresh, as the project page.
  if (marker === notFoundMarker) return !sitePaths.includes(path) && !path.startsWith('/projects/');
  return marker === path;
}
