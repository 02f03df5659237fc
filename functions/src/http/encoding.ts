/** The compression a page is sent with, from its request's Accept-Encoding: brotli where taken, else gzip, else none. */
export function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  return /\bbr\b/.test(accept ?? '') ? 'br' : /\bgzip\b/.test(accept ?? '') ? 'gzip' : null;
}
