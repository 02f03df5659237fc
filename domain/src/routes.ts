/** Every page of the site, defined once for the web app and the server. */
export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  gallery: '/gallery',
  showroom: '/virtual-showroom',
  /** How the business handles personal information (the collection notice under each form links here). */
  privacy: '/privacy',
  login: '/login',
  admin: '/admin',
  /** The signed-in admin's password, second factors and sessions. */
  account: '/admin/account',
  /** A customer's own review link from a review request: `?t=<token>`. Not indexed. */
  writeReview: '/reviews/write',
  /** The unsubscribe link in review requests and reminders: `?t=<token>`. Not indexed. */
  unsubscribe: '/unsubscribe',
  /** Booking a free site measure. */
  book: '/book',
  /** A customer's own link in a booking's confirmation, to move or cancel the visit: `?t=<token>`. Not indexed. */
  manageBooking: '/book/manage',
  /** A customer's own page from their quote's email: their inquiry, files, booking, quotes and deposit: `?t=<token>`. Not indexed. */
  customer: '/your-project',
} as const;

/** Public pages: prerendered, listed in the sitemap, and recorded as visits. */
export const publicPaths = [paths.home, paths.about, paths.services, paths.gallery, paths.showroom, paths.privacy, paths.book] as const;

/** Every path the app renders with 200; anything else is the 404 page. */
export const sitePaths: readonly string[] = Object.values(paths);

/** The route an address's path names: without trailing slashes (`/admin/` is `/admin`), the home page kept as `/`. */
export const routeOf = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';
