import type { ReactNode } from 'react';

/** What a lead's card shows of its quotes, given the lead's id and name; the admin page fills it from the quotes feature. */
export type LeadQuotesSlot = (leadId: string, name: string) => ReactNode;
