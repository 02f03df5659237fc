import type { LeadSource } from '@site/domain';
import { landing } from './lead-source-landing';

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
 * What the first page's address and referrer say of where the visit came from (see
 * captureLeadSource): its campaign parameters and click ids, the other site it came from, and
 * the page it landed on. A referrer that is not a URL throws; the caller keeps nothing then.
 */
export function readLeadSource(arrival: { search: string; referrer: string; pathname: string; hostname: string }): LeadSource {
  const query = new URLSearchParams(arrival.search);
  const source: LeadSource = landing(arrival.pathname);
  for (const [parameter, field] of parameters) {
    const value = tidy(query.get(parameter));
    if (value) source[field] = value;
  }
  const referrer = arrival.referrer ? new URL(arrival.referrer).hostname : '';
  if (referrer && referrer !== arrival.hostname && /^[a-z0-9.-]{1,253}$/i.test(referrer)) source.referrerHost = referrer;
  return source;
}
