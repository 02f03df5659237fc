import type { QueryClient } from '@tanstack/react-query';
import type { Address } from '#web/app/admin-code.ts';
import { LeadMeasure } from '#web/features/calendar/components/lead-measure.tsx';
import { inquiriesQuery } from '#web/features/leads/api/inquiries.ts';
import { quoteRequestsQuery } from '#web/features/leads/api/quote-requests.ts';
import { leadFilterOf } from '#web/features/leads/hooks/use-lead-filter.ts';
import { InquiriesTab } from '#web/features/leads/inquiries-tab.tsx';
import { QuoteRequestsTab } from '#web/features/leads/quote-requests-tab.tsx';
import { LeadQuotes } from '#web/features/quotes-admin/components/lead-quotes.tsx';

/**
 * The dashboard's two lead tabs, composed with the quotes and calendar features' parts of a
 * lead's card. Their own chunk: the dashboard's first script carries no tab's code.
 */

/** Each lead card's quotes, from the quotes feature. */
const inquiryQuotes = (leadId: string, name: string, historyLength: number) => (
  <LeadQuotes kind="inquiry" leadId={leadId} name={name} historyLength={historyLength} />
);
const quoteRequestQuotes = (leadId: string, name: string, historyLength: number) => (
  <LeadQuotes kind="quote" leadId={leadId} name={name} historyLength={historyLength} />
);
/** A quote request's site measure, from the calendar feature. */
const quoteRequestMeasure = (bookingId: string) => <LeadMeasure bookingId={bookingId} />;

export const InquiriesPanel = () => <InquiriesTab quotes={inquiryQuotes} />;
export const QuoteRequestsPanel = () => <QuoteRequestsTab quotes={quoteRequestQuotes} measure={quoteRequestMeasure} />;

/**
 * The first page of a tab's list as the address filters it, asked for beside the dashboard's
 * first render (app/admin-app.tsx) rather than once the tab has rendered, or by the server
 * before it renders the first screen (admin-server.tsx).
 */
const addressFilter = ({ search, hash }: Address) => leadFilterOf(new URLSearchParams(search), hash);
export const inquiriesFirstScreen = (queryClient: QueryClient, address: Address) =>
  queryClient.prefetchInfiniteQuery(inquiriesQuery(addressFilter(address)));
export const quoteRequestsFirstScreen = (queryClient: QueryClient, address: Address) =>
  queryClient.prefetchInfiniteQuery(quoteRequestsQuery(addressFilter(address)));
