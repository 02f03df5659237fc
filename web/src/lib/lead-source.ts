import type { LeadSource } from '@site/domain';

/** Where the browsing session's source is kept: one per tab, gone when the tab closes. */
const storageKey = 'lead-source';

const parameters = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
  ['utm_term', 'utmTerm'],
  ['utm_content', 'utmContent'],
  ['gclid', 'gclid'],
  ['fbclid', 'fbclid'],
  ['msclkid', 'msclkid'],
] as const;

// Controls, line separators and direction marks: the server refuses them, and a lead must never fail over a tag.
// eslint-disable-next-line no-control-regex -- matching control characters is its purpose
const unwanted = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const tidy = (value: string | null) => (value ?? '').replace(unwanted, ' ').trim().slice(0, 200).trim();

/**
 * On the first page of a browsing session, keeps the campaign parameters and click ids of its
 * address, the other site it came from and the page it landed on, for the inquiry or quote
 * request it may end in. Later pages keep what the first one found.
 */
export function captureLeadSource(): void {
  try {
    if (sessionStorage.getItem(storageKey) !== null) return;
    const query = new URLSearchParams(location.search);
    const source: LeadSource = {};
    for (const [parameter, field] of parameters) {
      const value = tidy(query.get(parameter));
      if (value) source[field] = value;
    }
    const referrer = document.referrer ? new URL(document.referrer).hostname : '';
    if (referrer && referrer !== location.hostname && /^[a-z0-9.-]{1,253}$/i.test(referrer)) source.referrerHost = referrer;
    if (/^\/\S*$/.test(location.pathname)) source.landingPage = location.pathname.slice(0, 512);
    sessionStorage.setItem(storageKey, JSON.stringify(source));
  } catch {
    // Storage turned off or full, or a referrer that is not a URL: the lead is then Direct.
  }
}

/** What the session kept, for a lead's `source`; undefined when nothing was. */
export function leadSource(): LeadSource | undefined {
  try {
    const kept = sessionStorage.getItem(storageKey);
    return kept ? (JSON.parse(kept) as LeadSource) : undefined;
  } catch {
    return undefined;
  }
}
