import type { CookieOptions, Request, Response } from 'express';
import { parse } from 'cookie';

/** The only cookie Firebase Hosting forwards to functions. */
export const sessionCookie = '__session';

/**
 * What the one cookie carries. Firebase Hosting forwards `__session` alone, so the admin's
 * session, a sign-in waiting for its second factor, and the device token (the browser that
 * signed in as an admin before) share it as `s:TOKEN.p:TOKEN.d:TOKEN`. Tokens are base64url,
 * so neither `.` nor `:` occurs in them. A bare token is a session cookie of an earlier version.
 */
export interface CookieParts {
  session?: string;
  pending?: string;
  device?: string;
}

const keys = { s: 'session', p: 'pending', d: 'device' } as const;
const token = /^[A-Za-z0-9_-]{20,100}$/;

export function readCookieParts(req: Request): CookieParts {
  const header = req.headers.cookie;
  let value: string | undefined;
  try {
    value = header ? parse(header)[sessionCookie] : undefined;
  } catch {
    return {};
  }
  if (!value || value.length > 400) return {};
  if (token.test(value)) return { session: value };
  const parts: CookieParts = {};
  for (const piece of value.split('.')) {
    const [key, part] = piece.split(':');
    const name = keys[key as keyof typeof keys];
    if (name && part && token.test(part)) parts[name] = part;
  }
  return parts;
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** HttpOnly, SameSite=Lax, and Secure everywhere but plain-HTTP localhost, where browsers would drop a Secure cookie. */
const attributes = (req: Request): CookieOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: req.secure || !localHosts.has(req.hostname),
});

/**
 * Writes the cookie with `parts` (what is not given is left out). It lives as long as its
 * longest part: the device token outlives a session, which the server ends on its own.
 */
export function writeCookieParts(req: Request, res: Response, parts: CookieParts, maxAgeSeconds: number) {
  const value = (Object.entries(keys) as Array<[keyof typeof keys, keyof CookieParts]>)
    .filter(([, name]) => parts[name])
    .map(([key, name]) => `${key}:${parts[name]}`)
    .join('.');
  if (!value) return res.clearCookie(sessionCookie, attributes(req));
  // The parts are base64url with `.` and `:`, all valid in a cookie as they are: no encoding needed.
  res.cookie(sessionCookie, value, { ...attributes(req), maxAge: maxAgeSeconds * 1000, encode: String });
}
