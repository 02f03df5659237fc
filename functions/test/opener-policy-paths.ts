/**
 * The paths the opener policy (`Cross-Origin-Opener-Policy: same-origin`) must isolate and the
 * pages it must leave alone: the embedded server's answers (platform.test.ts) and Firebase
 * Hosting's header rules (firebase-bundle.test.ts) are checked against the same lists.
 */

/** The admin area, the API, the sign-in and a customer's project and booking links. */
export const isolatedPaths = ['/admin', '/admin/account', '/login', '/your-project', '/book/manage', '/api/health'];

/**
 * The public pages (the same for every visitor, with no session in them) and a review
 * request's two links (the customer's name at most, and a token already in the address).
 */
export const unisolatedPaths = [
  '/',
  '/about',
  '/services',
  '/gallery',
  '/virtual-showroom',
  '/privacy',
  '/book',
  '/projects/hawthorn-kitchen',
  '/reviews/write',
  '/unsubscribe',
];
