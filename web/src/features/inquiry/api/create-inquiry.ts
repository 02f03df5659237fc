import type { honeypotField, Inquiry, InquiryInput } from '@site/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CreateInquiryInput = InquiryInput & { [honeypotField]?: string };

/** POST /api/project-inquiry. */
export function useCreateInquiry() {
  return useMutation({
    mutationFn: (input: CreateInquiryInput) => api.post<Inquiry>('/api/project-inquiry', input),
  });
}
