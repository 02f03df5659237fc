import { paths } from '#web/config/paths.ts';

/**
 * Where to go after signing in. Only a path on this site is accepted, so a crafted
 * `?next=https://evil.example` or `?next=//evil.example` cannot send staff elsewhere.
 */
export function safeNext(next: string | null | undefined, fallback: string = paths.admin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const base = 'https://site.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return fallback;
    // Never loop back to the sign-in page itself.
    if (url.pathname === paths.login) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
