import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HydrationBoundary } from '../components/hydration-boundary';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { useRecordVisit } from '../features/visits/hooks/use-record-visit';
import { headerHeight } from './theme';

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

/** Header, content and footer shared by the public pages (spec section 2). */
export function PublicLayout() {
  const main = useRef<HTMLElement>(null);
  useRecordVisit();
  useNavigationFocus(main);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: 8,
          top: -100,
          zIndex: 'tooltip',
          bgcolor: 'background.paper',
          color: 'primary.main',
          p: 1.5,
          borderRadius: 1,
          fontWeight: 600,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Box>
      <SiteHeader />
      <Box
        component="main"
        id="main"
        ref={main}
        tabIndex={-1}
        sx={{ flex: 1, pt: `${headerHeight}px`, outline: 'none', scrollMarginTop: `${headerHeight}px` }}
      >
        <Outlet />
      </Box>
      <HydrationBoundary>
        <SiteFooter />
      </HydrationBoundary>
    </Box>
  );
}
