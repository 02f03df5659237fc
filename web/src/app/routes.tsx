import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { showroomModels } from '../lib/public-lists';
import { renderedReviewLink } from '../lib/review-link';
import { usePublicList } from '../lib/use-public-list';
import { paths, routeOf } from '../config/paths';
import { PublicLayout } from './public-layout';
import { GalleryPage } from './pages/gallery-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { EmailLinkIsland } from './islands/email-link';
import { Island } from './islands/island';
import { ShowroomIsland } from './islands/showroom';
import { adminRoutes } from './admin-routes';

// The showroom loads only when visited (its feature, in the page's own lazy part); the admin
// area's routes are its own module (admin-routes.tsx), shared with its entry (admin-main.tsx).
const ProjectPage = lazy(() => import('./pages/project-page'));
// The privacy policy is read rarely: its text stays out of every other page's script. The
// about and services pages each come with their own script too, so that the home page (the
// first page most visitors see) carries neither.
const PrivacyPage = lazy(() => import('./pages/privacy-page'));
const AboutPage = lazy(() => import('./pages/about-page').then((module) => ({ default: module.AboutPage })));
const ServicesPage = lazy(() => import('./pages/services-page').then((module) => ({ default: module.ServicesPage })));
// The booking page and a booking's own link come with their own scripts too.
const BookPage = lazy(() => import('./pages/book-page').then((module) => ({ default: module.BookPage })));
const ManageBookingPage = lazy(() => import('../features/booking/components/manage-booking-page'));
// A customer's own page from their quote's email, with its own script.
const CustomerProjectPage = lazy(() => import('../features/customer-project/components/customer-project-page'));

/**
 * Each lazy page waits in its own Suspense boundary. The prerendered pages have none around
 * them, so their HTML is written in one piece, with no inline script to reveal a late part.
 */
const deferred = (page: ReactNode) => <Suspense fallback={null}>{page}</Suspense>;

/** A published project's page: `/projects/{slug}`. */
export const projectRoutePattern = '/projects/:slug';

/**
 * The showroom: prerendered, the page is one island (app/islands/showroom.tsx). Rendered with
 * its models, its cards are HTML and it starts at the first interaction; without them (the
 * build's own page), at once, to fetch and show them.
 */
function ShowroomRoute() {
  const withModels = usePublicList(showroomModels).status === 'success';
  return (
    <Island name="showroom" when={withModels ? 'interaction' : 'now'}>
      <ShowroomIsland />
    </Island>
  );
}

export const showroomRoute: RouteObject = { path: paths.showroom, element: <ShowroomRoute /> };

/**
 * A customer's own review link and the unsubscribe link: pages only those emails lead to, each
 * one island. The unsubscribe page is its button until that is used, as is the review link's
 * page when the server rendered it with its link's answer; without that answer, it asks at once.
 */
function EmailLinkRoute() {
  const { pathname } = useLocation();
  const answered = routeOf(pathname) === paths.unsubscribe || renderedReviewLink() !== null;
  return (
    <Island name="email-link" when={answered ? 'interaction' : 'now'}>
      <EmailLinkIsland />
    </Island>
  );
}

/** The public pages share the header and footer; the showroom is one of them. */
export const appRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.about, element: deferred(<AboutPage />) },
      { path: paths.services, element: deferred(<ServicesPage />) },
      { path: paths.gallery, element: <GalleryPage /> },
      { path: paths.privacy, element: deferred(<PrivacyPage />) },
      { path: paths.book, element: deferred(<BookPage />) },
      // A customer's own link from their booking's confirmation: rendered in the browser from its token.
      { path: paths.manageBooking, element: deferred(<ManageBookingPage />) },
      // A customer's own page from their quote's email: rendered in the browser from its token.
      { path: paths.customer, element: deferred(<CustomerProjectPage />) },
      showroomRoute,
      { path: projectRoutePattern, element: deferred(<ProjectPage />) },
      { path: paths.writeReview, element: <EmailLinkRoute /> },
      { path: paths.unsubscribe, element: <EmailLinkRoute /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  ...adminRoutes,
];

/**
 * The route table, rendered by <BrowserRouter> in the browser and <StaticRouter> when
 * prerendering (see docs/decisions/001-prerender.md for why it is not a data router).
 */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
