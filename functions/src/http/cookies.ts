import type { CookieOptions, Request, Response } from 'express';
import { parse } from 'cookie';

/** The only cookie Firebase Hosting forwards to functions. */
export const sessionCookie = '__session';

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  return header ? parse(header)[name] : undefined;
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** HttpOnly, SameSite=Lax, and Secure everywhere but plain-HTTP localhost, where browsers would drop a Secure cookie. */
const attributes = (req: Request): CookieOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: req.secure || !localHosts.has(req.hostname),
});

export function setSessionCookie(req: Request, res: Response, token: string, maxAgeSeconds: number) {
  res.cookie(sessionCookie, token, { ...attributes(req), maxAge: maxAgeSeconds * 1000 });
}

export function clearSessionCookie(req: Request, res: Response) {
  res.clearCookie(sessionCookie, attributes(req));
}
