/**
 * The paths the opener policy (`Cross-Origin-Opener-Policy: same-origin`) must isolate and the
 * public pages it must leave alone: the embedded server's answers (platform.test.ts) and
 * Firebase Hosting's header rules (firebase-bundle.test.ts) are checked against the same lists.
 */

/** The admin area, the API, the sign-in and a customer's own pages reached by a signed link. */
export const isolatedPaths = [
  '/admin',
  '/admin/account',
  '/login',
  '/your-project',
  '/book/manage',
  '/reviews/write',
  '/unsubscribe',
  '/api/health',
];

/** The public pages: the same for every visitor, with no session in them. */
export const publicPagePaths = [
  '/',
  '/about',
  '/services',
  '/gallery',
  '/virtual-showroom',
  '/privacy',
  '/book',
  '/projects/hawthorn-kitchen',
];
