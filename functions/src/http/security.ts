import type { RequestHandler } from 'express';
import { HttpError } from './errors';

const csp = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets the 3D viewer compile WebAssembly (its mesh decoder); it does not allow eval.
  "script-src 'self' 'wasm-unsafe-eval'",
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
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()'],
];

/** Security headers on every response. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of securityHeaderList) res.setHeader(name, value);
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
