import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HydrationBoundary } from '../components/hydration-boundary';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { useRecordVisit } from '../features/visits/hooks/use-record-visit';
import { useHydrated } from '../lib/use-hydrated';
import styles from './public-layout.module.css';

/** Moves to the top of a newly opened page and tells assistive technology where it is now. */
function useNavigationFocus(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

/**
 * Header, content and footer shared by the public pages. Styled by static CSS modules, not
 * MUI, so hydrating a page computes no styles (docs/decisions/009-public-page-speed.md).
 */
export function PublicLayout() {
  const main = useRef<HTMLElement>(null);
  const page = useRef<HTMLDivElement>(null);
  useHydrated(page);
  useRecordVisit();
  useNavigationFocus(main);
  return (
    <div ref={page} className={styles.page} data-hydrating="">
      <a href="#main" className={styles.skip}>
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <HydrationBoundary>
        <SiteFooter />
      </HydrationBoundary>
    </div>
  );
}
