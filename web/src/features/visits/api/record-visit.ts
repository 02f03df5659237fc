import type { VisitInput } from '@site/domain';
import { publicPaths, routeOf } from '#web/config/paths.ts';

const tracked = new Set<string>(publicPaths);

/**
 * Records one page view (POST /api/visits). Fire and forget: keepalive lets it finish while
 * the visitor leaves, and a failure is nobody's business but the server log's.
 */
export function recordVisit(input: VisitInput): void {
  try {
    void fetch('/api/visits', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself can throw synchronously (e.g. a blocked request); never break the page.
  }
}

/** Records a view of `pathname` when it is a public page (never /login or /admin). */
export function recordPublicVisit(pathname: string) {
  const page = routeOf(pathname);
  if (tracked.has(page)) recordVisit({ page });
}
