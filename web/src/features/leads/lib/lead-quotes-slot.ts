import type { ReactNode } from 'react';

/**
 * What a lead's card shows of its quotes, given the lead's id, name and how many entries its
 * history holds (a customer's answer to a quote adds one, so the quotes are read again); the
 * admin page fills it from the quotes feature.
 */
export type LeadQuotesSlot = (leadId: string, name: string, historyLength: number) => ReactNode;
