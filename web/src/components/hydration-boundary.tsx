import { Suspense, type ReactNode } from 'react';

/**
 * Marks a part of a prerendered page that React may hydrate on its own, in small slices after
 * the rest: a Suspense boundary's content hydrates at low priority, yielding to the browser
 * between pieces of work, so the first interaction is not stuck behind one long task.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
