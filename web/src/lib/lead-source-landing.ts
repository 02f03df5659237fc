import type { LeadSource } from '@site/domain';

/**
 * The landing page alone: what a visit typed in or from a bookmark keeps. Its own module, as
 * both the first page's capture (lead-source.ts) and the reader of tags it loads later
 * (lead-source-capture.ts) use it.
 */
export const landing = (pathname: string): LeadSource => (/^\/\S*$/.test(pathname) ? { landingPage: pathname.slice(0, 512) } : {});
