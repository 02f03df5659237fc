import { quoteRooms, type QuoteRoom } from '@site/domain';

/**
 * What a button that opens the quote request may have typed in for the customer already: the
 * booking page's "Send an inquiry", for an address outside the area, carries the service and
 * the place the customer gave (`data-quote-room`, `data-quote-suburb`), so they need not type
 * them twice.
 */
export interface QuotePrefill {
  room?: QuoteRoom;
  suburb?: string;
}

/** The attributes of a button that opens the quote request with `prefill` (a room the form does not offer is left out when read). */
export const quotePrefillAttributes = (prefill: { room?: string; suburb?: string }) => ({
  ...(prefill.room ? { 'data-quote-room': prefill.room } : {}),
  ...(prefill.suburb ? { 'data-quote-suburb': prefill.suburb } : {}),
});

/** The prefill a button carries, if any: a room the form offers, a suburb of one line. */
export function quotePrefillOf(trigger: HTMLElement | undefined): QuotePrefill | undefined {
  if (!trigger) return undefined;
  const room = quoteRooms.find((value) => value === trigger.dataset.quoteRoom);
  const suburb = trigger.dataset.quoteSuburb?.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (!room && !suburb) return undefined;
  return { ...(room ? { room } : {}), ...(suburb ? { suburb } : {}) };
}
