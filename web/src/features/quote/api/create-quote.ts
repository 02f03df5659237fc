import type { honeypotField, QuoteInput, QuoteRequest } from '@site/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { leadSource } from '#web/lib/lead-source.ts';

declare global {
  interface Window {
    /** A conversion-tracking hook a page may define (e.g. a Google Ads snippet); called after a successful quote request. */
    gtagReportFreeQuoteConversion?: () => void;
  }
}

export type CreateQuoteInput = QuoteInput & { [honeypotField]?: string };

/** POST /api/quote-request, with where the browsing session came from; a success also reports the free-quote conversion. */
export function useCreateQuote() {
  return useMutation({
    mutationFn: (input: CreateQuoteInput) => api.post<QuoteRequest>('/api/quote-request', { ...input, source: leadSource() }),
    onSuccess: () => {
      try {
        window.gtagReportFreeQuoteConversion?.();
      } catch {
        // A broken tracking snippet must not spoil the visitor's success.
      }
    },
  });
}
