import type { Request, Response } from 'express';

/** The only cookie Firebase Hosting forwards to functions. */
export const sessionCookie = '__session';

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Secure everywhere but plain-HTTP localhost, where browsers would drop a Secure cookie. */
function secure(req: Request): boolean {
  return req.secure || !localHosts.has(req.hostname);
}

export function setSessionCookie(req: Request, res: Response, token: string, maxAgeSeconds: number) {
  const attrs = [`${sessionCookie}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (secure(req)) attrs.push('Secure');
  res.append('Set-Cookie', attrs.join('; '));
}

export function clearSessionCookie(req: Request, res: Response) {
  const attrs = [`${sessionCookie}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
  if (secure(req)) attrs.push('Secure');
  res.append('Set-Cookie', attrs.join('; '));
}
