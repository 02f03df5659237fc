import type {
  AccountSummary,
  AdminSession,
  ConfirmPassword,
  Passkey,
  PasswordChange,
  RecoveryCodes,
  TotpConfirm,
  TotpEnrolment,
} from '@site/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '#web/lib/api-client.ts';
import { signInWithHeldBackToken } from '#web/lib/auth/auth-api.ts';
import { createPasskeyCeremony, type PublicKeyCredentialCreationOptionsJSON } from '#web/lib/passkeys.ts';

/** Under the admin area's key, so signing out drops them with the rest. */
export const accountKeys = {
  summary: ['admin', 'account'] as const,
  sessions: ['admin', 'account', 'sessions'] as const,
};

export const accountQuery = queryOptions({
  queryKey: accountKeys.summary,
  queryFn: () => api.get<AccountSummary>('/api/account'),
  // Factors change from other browsers too: read afresh whenever the page opens.
  staleTime: 0,
});
export const useAccount = () => useQuery(accountQuery);

export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: () => api.get<AdminSession[]>('/api/account/sessions'),
  staleTime: 0,
});
export const useSessions = () => useQuery(sessionsQuery);

/** A mutation whose success means the account summary (factors, codes left) changed. */
function useAccountMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.summary, exact: true }),
  });
}

/**
 * Step one: a new secret, shown once; TOTP is not on until a code from it is confirmed with
 * the current password (every change of a factor carries it).
 */
export const useStartTotp = () => useMutation({ mutationFn: () => api.post<TotpEnrolment>('/api/account/totp') });

/** The answer that adds an admin's first factor under REQUIRE_MFA (Firebase mode) carries the held-back token. */
type WithHeldBackToken<T> = T & { firebaseToken?: string };

async function withoutToken<T>({ firebaseToken, ...answer }: WithHeldBackToken<T>): Promise<Omit<T, 'firebaseToken'>> {
  await signInWithHeldBackToken(firebaseToken);
  return answer;
}

export const useConfirmTotp = () =>
  useAccountMutation(async (input: TotpConfirm) =>
    withoutToken(await api.post<WithHeldBackToken<RecoveryCodes>>('/api/account/totp/confirm', input)),
  );

// DELETE with a body: api.delete sends none, so the request is built here.
export const useDisableTotp = () =>
  useAccountMutation(async (input: ConfirmPassword) => (await apiRequest<void>('DELETE', '/api/account/totp', input)).data);

export const useRenewRecoveryCodes = () =>
  useAccountMutation((input: ConfirmPassword) => api.post<RecoveryCodes>('/api/account/recovery-codes', input));

export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChange) => api.post<void>('/api/account/password', input),
    // The server ends every other session.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
};

/** A passkey that is the admin's first factor comes with recovery codes, as the authenticator app does. */
export type AddedPasskey = Passkey & Partial<RecoveryCodes>;

/**
 * Asks the server for options, lets the browser make the passkey, then stores it under `name`.
 * Both requests carry the current password: a wrong one is told before the browser's prompt.
 */
export const useAddPasskey = () =>
  useAccountMutation(async ({ name, currentPassword }: ConfirmPassword & { name: string }) => {
    const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/account/passkeys/options', { currentPassword });
    const response = await createPasskeyCeremony(optionsJSON);
    return withoutToken(await api.post<WithHeldBackToken<AddedPasskey>>('/api/account/passkeys', { name, response, currentPassword }));
  });

export const useRemovePasskey = () =>
  useAccountMutation(
    async ({ id, currentPassword }: ConfirmPassword & { id: string }) =>
      (await apiRequest<void>('DELETE', `/api/account/passkeys/${encodeURIComponent(id)}`, { currentPassword })).data,
  );

export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/account/sessions/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData(sessionsQuery.queryKey, (sessions) => sessions?.filter((session) => session.id !== id));
      return queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });
};
