import { paths, publicPaths, routeOf } from '@site/domain';
import type { RequestHandler } from 'express';
import { HttpError } from './errors';

/** The CSP source of the inline script in every page's head (web/index.html); a test keeps it equal to the script. */
export const earlyTapsScriptHash = "'sha256-aSMvLGhtX1W2iTgdAYI8IQTstlq0Aga4XehPfmlRmIs='";

const csp = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets the 3D viewer compile WebAssembly (its mesh decoder); it does not allow eval.
  // The hash is the pages' one inline script, which holds early taps (web/index.html, web/src/lib/early-taps.ts).
  `script-src 'self' 'wasm-unsafe-eval' ${earlyTapsScriptHash}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob: data:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Sent on every answer; Hosting sends the same from firebase.json (a test keeps the two equal). */
export const securityHeaderList: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', csp],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()'],
];

/**
 * The pages sent without an opener policy: the public pages, which hold nothing of anyone's,
 * and the review and unsubscribe links of a review request, which show no more than the
 * customer's name and act only through the token in their own address (a window able to open
 * one already holds what it could learn from it).
 */
const unisolatedPages = new Set<string>([...publicPaths, paths.writeReview, paths.unsubscribe]);

/**
 * Cross-Origin-Opener-Policy for a path: `same-origin` (no cross-origin window keeps a handle
 * on ours) on the admin area, the API, and a customer's project and booking links, which show
 * their address, visit, quotes and payment details; none on the public pages (the home page,
 * services, gallery, projects, showroom, privacy, booking) and a review request's two links.
 * Opener isolation makes a browser give the page a browsing context group, and on Android a
 * process, of its own at each arrival: a fresh renderer's start-up on the main thread. Measured
 * with Lighthouse on this build, a blank page's Performance fell from 100, 100, 100 (TBT 91, 53,
 * 27 ms) to 89, 98, 90 (TBT 457, 167, 399 ms) with the header (docs/decisions/026-opener-policy.md).
 */
export function openerPolicyFor(path: string): 'same-origin' | null {
  const page = routeOf(path);
  return unisolatedPages.has(page) || /^\/projects\/[^/]+$/.test(page) ? null : 'same-origin';
}

/** Security headers on every response, and the opener policy its path asks for. */
export const securityHeaders: RequestHandler = (req, res, next) => {
  for (const [name, value] of securityHeaderList) res.setHeader(name, value);
  const opener = openerPolicyFor(req.path);
  if (opener) res.setHeader('Cross-Origin-Opener-Policy', opener);
  next();
};

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own origin. Browsers send Origin on every
 * cross-site and same-site POST/PUT/PATCH/DELETE, and Sec-Fetch-Site in modern versions;
 * a request with neither does not come from a browser page, so it cannot ride on a
 * visitor's cookies.
 */
export function sameOrigin(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  return (req, _res, next) => {
    if (safeMethods.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined) {
      if (allowed.has(origin)) return next();
      let host: string | undefined;
      try {
        host = new URL(origin).host;
      } catch {
        host = undefined;
      }
      // req.host honours X-Forwarded-Host only when TRUST_PROXY says so.
      if (host && host === req.host) return next();
      return next(new HttpError(403, 'Cross-site requests are not allowed'));
    }
    const site = req.get('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return next(new HttpError(403, 'Cross-site requests are not allowed'));
    }
    next();
  };
}
