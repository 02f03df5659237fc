import type { LeadSource } from '@site/domain';
import { landing } from './lead-source-landing';

/** Where the browsing session's source is kept: one per tab, gone when the tab closes. */
const storageKey = 'lead-source';
/** The first page's address and referrer, until the reader of tags has read them. */
const arrivalKey = 'lead-source-arrival';
type Arrival = { search: string; referrer: string; pathname: string; hostname: string };

/**
 * On the first page of a browsing session, keeps the campaign parameters and click ids of its
 * address, the other site it came from and the page it landed on, for the inquiry or quote
 * request it may end in. Later pages keep what the first one found: the landing page is kept
 * at once, so a page the visitor moves on to finds the session's source taken. The reader of
 * tags (lead-source-capture.ts) loads only for an address with a query or a visit from a link,
 * which most visits are not, so every page's first download stays as small as it was; it reads
 * what was taken here, not the page the visitor may be on by then, and a page that unloads
 * before the reader has loaded (a link followed before the site's script took over) leaves
 * that to the next page.
 */
export function captureLeadSource(): Promise<void> {
  try {
    const kept = sessionStorage.getItem(arrivalKey);
    let arrival = kept ? (JSON.parse(kept) as Arrival) : undefined;
    if (!arrival) {
      if (sessionStorage.getItem(storageKey) !== null) return Promise.resolve();
      arrival = { search: location.search, referrer: document.referrer, pathname: location.pathname, hostname: location.hostname };
      sessionStorage.setItem(storageKey, JSON.stringify(landing(arrival.pathname)));
      if (!arrival.search && !arrival.referrer) return Promise.resolve();
      // Kept until read: a visitor who leaves before the reader has loaded has it read on the next page.
      sessionStorage.setItem(arrivalKey, JSON.stringify(arrival));
    }
    const first = arrival;
    return import('./lead-source-capture')
      .then(({ readLeadSource }) => {
        try {
          sessionStorage.setItem(storageKey, JSON.stringify(readLeadSource(first)));
        } finally {
          sessionStorage.removeItem(arrivalKey);
        }
      })
      .catch(() => undefined);
  } catch {
    // Storage turned off or full, or a referrer that is not a URL: the lead is then Direct.
    return Promise.resolve();
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
