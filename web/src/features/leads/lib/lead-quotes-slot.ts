import type { ReactNode } from 'react';

/**
 * What a lead's card shows of its quotes, given the lead's id, name and how many entries its
 * history holds (a customer's answer to a quote adds one, so the quotes are read again); the
 * admin page fills it from the quotes feature.
 */
export type LeadQuotesSlot = (leadId: string, name: string, historyLength: number) => ReactNode;

/** What a quote request's card shows of the site measure it was booked with; the admin page fills it from the calendar feature. */
export type LeadMeasureSlot = (bookingId: string) => ReactNode;
