import type { honeypotField, Inquiry, InquiryInput } from '@site/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { leadSource } from '#web/lib/lead-source.ts';

export type CreateInquiryInput = InquiryInput & { [honeypotField]?: string };

/** POST /api/project-inquiry, with where the browsing session came from. */
export function useCreateInquiry() {
  return useMutation({
    mutationFn: (input: CreateInquiryInput) => api.post<Inquiry>('/api/project-inquiry', { ...input, source: leadSource() }),
  });
}
