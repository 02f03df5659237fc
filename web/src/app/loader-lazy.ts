import { lazy, type ComponentType } from 'react';
import type { Loader } from './admin-code';

/**
 * React.lazy over a loader, which renders a module that has already arrived at once. Given a
 * promise, even a settled one, lazy() suspends for a turn: the fallback shows, and React reveals
 * the content later on a timer, in a commit of its own. The admin area's entry starts its
 * page and tab before React renders, so they are usually here by then.
 */
export function loaderLazy<P extends object>(loader: Loader<{ default: ComponentType<P> }>) {
  return lazy(() => {
    const module = loader.loaded();
    // A thenable that answers at once: lazy() then renders the module in the same pass.
    return module ? ({ then: (arrived: (value: typeof module) => void) => arrived(module) } as Promise<typeof module>) : loader();
  });
}
