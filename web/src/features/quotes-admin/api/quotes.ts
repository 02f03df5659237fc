import { limits, type PriceListEntry, type PriceListItem, type Quote, type QuoteDraft, type QuoteLeadKind } from '@site/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import DataLoader from 'dataloader';
import { useEffect, useRef } from 'react';
import { api, ApiRequestError } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';
import { settingsQuery, settingsQueryKey, type AdminSettings } from '#web/lib/admin/settings-query.ts';
import { errorText } from '#web/lib/error-text.ts';
import { useToast } from '#web/lib/toast.tsx';
import { uploadFile } from '#web/lib/uploads/upload-file.ts';

/** A lead's quotes, under the admin key so that signing out clears them. */
export const leadQuotesKey = (kind: QuoteLeadKind, leadId: string) => [...adminKeys.all, 'quotes', kind, leadId] as const;

const leadQuotesUrl = (kind: QuoteLeadKind, leadId: string) => `/api/leads/${kind}/${encodeURIComponent(leadId)}/quotes`;

/**
 * The quotes of the lead cards on screen, read together: the cards a list renders at once ask
 * in the same task, and DataLoader sends their ids as one GET /api/leads/{kind}/quotes?ids=
 * (a page of 50 cards is one request, not 50). It keeps no results of its own: React Query
 * caches each lead's quotes, and a card read again alone asks for its lead alone.
 */
const loaders: Record<QuoteLeadKind, DataLoader<string, Quote[]>> = {
  inquiry: quotesLoader('inquiry'),
  quote: quotesLoader('quote'),
};

function quotesLoader(kind: QuoteLeadKind) {
  return new DataLoader<string, Quote[]>(
    async (leadIds) => {
      const query = leadIds.map(encodeURIComponent).join(',');
      const { items } = await api.get<{ items: Record<string, Quote[]> }>(`/api/leads/${kind}/quotes?ids=${query}`);
      return leadIds.map((leadId) => items[leadId] ?? []);
    },
    { cache: false, maxBatchSize: limits.quoteLeadsPerRequest },
  );
}

/**
 * A lead's quotes: every version of every quote of the lead, read again when the lead's
 * history grows (a customer's answer arrives with the lead's live change).
 */
export function useLeadQuotes(kind: QuoteLeadKind, leadId: string, historyLength: number) {
  const queryClient = useQueryClient();
  const seen = useRef(historyLength);
  useEffect(() => {
    if (seen.current === historyLength) return;
    seen.current = historyLength;
    void queryClient.invalidateQueries({ queryKey: leadQuotesKey(kind, leadId) });
  }, [historyLength, kind, leadId, queryClient]);
  return useQuery({
    queryKey: leadQuotesKey(kind, leadId),
    queryFn: () => loaders[kind].load(leadId),
  });
}

/**
 * Saves the builder's draft: the first save creates it (POST /api/leads/{kind}/{id}/quotes),
 * later ones update it (PUT /api/quotes/{id}). A PUT to a sent quote answers with its next
 * version, a new draft, which later saves then update.
 */
export const saveQuote = (kind: QuoteLeadKind, leadId: string, quoteId: string | null, draft: QuoteDraft) =>
  quoteId === null
    ? api.post<Quote>(leadQuotesUrl(kind, leadId), draft)
    : api.put<Quote>(`/api/quotes/${encodeURIComponent(quoteId)}`, draft);

/** GET /api/quotes/{id}/pdf: the PDF as the customer receives it. */
export const quotePdfUrl = (quoteId: string) => `/api/quotes/${encodeURIComponent(quoteId)}/pdf`;

/**
 * A send refused for missing particulars (409 with the fields named): the card keeps the
 * message in view until the draft is sent, as a toast would fade before they are all added.
 */
export const particularsRefusal = (error: unknown): string | null =>
  error instanceof ApiRequestError && error.status === 409 && error.body?.errors ? error.body.message : null;

/** POST /api/quotes/{id}/send: freezes the version and emails it to the customer. */
export function useSendQuote(kind: QuoteLeadKind, leadId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (quoteId: string) => api.post<Quote>(`/api/quotes/${encodeURIComponent(quoteId)}/send`),
    onSuccess: (quote) => toast({ title: 'Success', message: `Quote ${quote.number} version ${quote.version} sent`, variant: 'default' }),
    onError: (error) => {
      if (!particularsRefusal(error)) toast({ title: 'Error', message: `Failed to send the quote: ${errorText(error)}`, variant: 'error' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadQuotesKey(kind, leadId) }),
  });
}

/** GET /api/quotes/{id}/insurance: the domestic building insurance certificate as attached. */
export const quoteInsuranceUrl = (quoteId: string) => `/api/quotes/${encodeURIComponent(quoteId)}/insurance`;

/** The lead's quotes with one replaced by the server's answer, so the card shows it at once. */
function useStoreQuote(kind: QuoteLeadKind, leadId: string) {
  const queryClient = useQueryClient();
  return (quote: Quote) =>
    queryClient.setQueryData<Quote[]>(leadQuotesKey(kind, leadId), (quotes) =>
      quotes?.map((other) => (other.id === quote.id ? quote : other)),
    );
}

/**
 * Attaches the insurance certificate: the PDF is uploaded as the admin's other files are
 * (kind `document`), then PUT /api/quotes/{id}/insurance names it.
 */
export function useAttachInsurance(kind: QuoteLeadKind, leadId: string) {
  const store = useStoreQuote(kind, leadId);
  const toast = useToast();
  return useMutation({
    mutationFn: async ({ quoteId, file }: { quoteId: string; file: File }) => {
      const url = await uploadFile('document', file);
      return api.put<Quote>(quoteInsuranceUrl(quoteId), { url });
    },
    onSuccess: (quote) => {
      store(quote);
      toast({ title: 'Success', message: `Insurance certificate attached to quote ${quote.number}`, variant: 'default' });
    },
  });
}

/** DELETE /api/quotes/{id}/insurance. */
export function useRemoveInsurance(kind: QuoteLeadKind, leadId: string) {
  const store = useStoreQuote(kind, leadId);
  const toast = useToast();
  return useMutation({
    mutationFn: (quoteId: string) => api.delete<Quote>(quoteInsuranceUrl(quoteId)),
    onSuccess: (quote) => {
      store(quote);
      toast({ title: 'Success', message: `Insurance certificate removed from quote ${quote.number}`, variant: 'default' });
    },
    onError: (error) => toast({ title: 'Error', message: `Failed to remove the certificate: ${errorText(error)}`, variant: 'error' }),
  });
}

/** POST /api/quotes/{id}/refunded: staff mark the refund of a withdrawn contract as made. */
export function useMarkRefunded(kind: QuoteLeadKind, leadId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (quoteId: string) => api.post<Quote>(`/api/quotes/${encodeURIComponent(quoteId)}/refunded`),
    onSuccess: (quote) => toast({ title: 'Success', message: `Refund on quote ${quote.number} marked made`, variant: 'default' }),
    onError: (error) => toast({ title: 'Error', message: `Failed to mark the refund made: ${errorText(error)}`, variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadQuotesKey(kind, leadId) }),
  });
}

/**
 * POST /api/quotes/{id}/deposit-paid: staff mark a bank transfer's deposit as received; the
 * lead's card (its quote summary) is read again with its quotes.
 */
export function useMarkDepositPaid(kind: QuoteLeadKind, leadId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (quoteId: string) => api.post<Quote>(`/api/quotes/${encodeURIComponent(quoteId)}/deposit-paid`),
    onSuccess: (quote) => toast({ title: 'Success', message: `Deposit on quote ${quote.number} marked paid`, variant: 'default' }),
    onError: (error) => toast({ title: 'Error', message: `Failed to mark the deposit paid: ${errorText(error)}`, variant: 'error' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadQuotesKey(kind, leadId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.leadLists(kind === 'inquiry' ? 'project_inquiries' : 'quote_requests') }),
      ]),
  });
}

/**
 * The price list of the settings, read as the Settings tab reads them (one cache): what the
 * builder's item descriptions offer while typing.
 */
export function usePriceList(): PriceListItem[] {
  return useQuery(settingsQuery).data?.settings.priceList ?? [];
}

/**
 * "Save to price list": POST /api/settings/price-list with a quote's item. The answer is the
 * whole settings document, which replaces the cached one (the Settings tab shows the item at once).
 */
export function useSaveToPriceList() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (entry: PriceListEntry) => api.post<AdminSettings & { item: PriceListItem }>('/api/settings/price-list', entry),
    onSuccess: ({ item: _item, ...saved }, entry) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      toast({ title: 'Saved to the price list', message: `${entry.description} is in the price list.`, variant: 'default' });
    },
    onError: (error) => toast({ title: 'Not saved to the price list', message: errorText(error), variant: 'error' }),
  });
}
