import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { useRecordVisit } from '../features/visits/hooks/use-record-visit';
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
 * MUI: a prerendered page's HTML is complete without any script (app/islands).
 */
export function PublicLayout() {
  const main = useRef<HTMLElement>(null);
  useRecordVisit();
  useNavigationFocus(main);
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skip}>
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" ref={main} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
