import type { PrivacyErasure, PrivacyRecords } from '@site/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';

/** Whose records: an email address, or anything else typed is a phone number. */
export type PrivacyLookupInput = { email: string } | { phone: string };

export function lookupOf(text: string): PrivacyLookupInput {
  const value = text.trim();
  return value.includes('@') ? { email: value } : { phone: value };
}

const queryString = (lookup: PrivacyLookupInput) => new URLSearchParams(lookup).toString();

/** Where the JSON export downloads from (an attachment, so the browser saves it). */
export const privacyExportUrl = (lookup: PrivacyLookupInput) => `/api/privacy/export?${queryString(lookup)}`;

const privacyKey = (lookup: PrivacyLookupInput | null) => ['admin', 'privacy', lookup] as const;

/** Every record about the person, once a lookup is given; read afresh each time (never kept). */
export const usePrivacyRecords = (lookup: PrivacyLookupInput | null) =>
  useQuery({
    queryKey: privacyKey(lookup),
    queryFn: () => api.get<PrivacyRecords>(`/api/privacy/records?${queryString(lookup!)}`),
    enabled: lookup !== null,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });

/** Erases everything found about the person, then reads their records again (none) and refreshes the dashboard's lists. */
export function useErasePersonalRecords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lookup, confirm }: { lookup: PrivacyLookupInput; confirm: string }) =>
      api.post<PrivacyErasure>('/api/privacy/erase', { ...lookup, confirm }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
