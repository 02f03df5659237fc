import type { QueryClient } from '@tanstack/react-query';
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
 * first render (app/admin-app.tsx) rather than once the tab has rendered.
 */
const addressFilter = () => leadFilterOf(new URLSearchParams(window.location.search), window.location.hash);
export const inquiriesFirstScreen = (queryClient: QueryClient) => queryClient.prefetchInfiniteQuery(inquiriesQuery(addressFilter()));
export const quoteRequestsFirstScreen = (queryClient: QueryClient) =>
  queryClient.prefetchInfiniteQuery(quoteRequestsQuery(addressFilter()));
