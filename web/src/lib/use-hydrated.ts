import { useEffect, type RefObject } from 'react';
import { replayEarlyClicks } from './early-clicks';

/** For a part of the page rendered with `data-hydrating`: once hydrated, it takes the taps it missed. */
export function useHydrated(part: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (part.current) replayEarlyClicks(part.current);
  }, [part]);
}
