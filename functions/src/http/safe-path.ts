/** Query parameters whose values say nothing about a person, so logs may keep them. */
const plainParams = new Set(['limit', 'days', 'timeZone', 'deep']);

/**
 * The request's path as logs may show it: an upload URL's single-use token and every query
 * value that is not known to be harmless (a cursor holds another record's values) become
 * placeholders; the parameter names stay, so a log still says what was asked.
 */
export function safePath(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(/^(\/api\/objects\/upload\/)[^/]+/, '$1:token');
  if (q === -1) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  const shown = [...params].map(([name, value]) => `${name}=${plainParams.has(name) ? value : '~'}`);
  // Not URL-encoded again: a log line is read by people, and the JSON encoder escapes it.
  return shown.length ? `${path}?${shown.join('&')}` : path;
}
