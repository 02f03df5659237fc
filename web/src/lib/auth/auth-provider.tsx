import type { LoginInput, MfaChallenge, RegisterInput, User } from '@site/domain';
import { useMutation, useQuery, useQueryClient, type QueryClient, type UseMutationResult } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  getCurrentUser,
  isMfaChallenge,
  login,
  loginSecondFactor,
  logout,
  register,
  userQueryKey,
  watchFirebaseSession,
  type SecondFactor,
} from './auth-api';
import { errorText, serverMessage } from '../error-text';
import { useDismissToast, useToast, type ToastKey } from '../toast';

export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  error: Error | null;
  /** The password step: the user, or a challenge for the second factor (no session yet). */
  loginMutation: UseMutationResult<User | MfaChallenge, Error, LoginInput>;
  /** The second step; its errors are the login page's to show, under the code field. */
  secondFactorMutation: UseMutationResult<User, Error, SecondFactor>;
  /** Reads GET /api/user again, e.g. once a second factor is set up and the server's flag is gone. */
  refreshUser: () => Promise<User | null>;
  logoutMutation: UseMutationResult<void, Error, void>;
  registerMutation: UseMutationResult<User, Error, RegisterInput>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Holds the admin session: loaded on start, set by login or register, cleared by logout.
 * `loadSession` reads it on start (GET /api/user unless given: the dashboard's address reads
 * it with the dashboard's first screen).
 */
export function AuthProvider({
  children,
  loadSession = getCurrentUser,
}: {
  children: ReactNode;
  loadSession?: (queryClient: QueryClient) => Promise<User | null>;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const dismissToast = useDismissToast();
  // The last wrong-password toast: the next attempt, or signing in, makes it stale.
  const loginFailure = useRef<ToastKey | null>(null);
  const dismissLoginFailure = useCallback(() => {
    if (loginFailure.current !== null) dismissToast(loginFailure.current);
    loginFailure.current = null;
  }, [dismissToast]);
  // The loader of the first render: the session is read once, however the address changes.
  const [load] = useState(() => loadSession);
  const userQuery = useQuery({ queryKey: userQueryKey, queryFn: () => load(queryClient) });

  const clearSession = useCallback(() => {
    // Nothing the signed-in admin loaded may outlive the session.
    queryClient.removeQueries({ queryKey: ['admin'] });
    queryClient.setQueryData(userQueryKey, null);
  }, [queryClient]);

  const loginMutation = useMutation({
    mutationFn: login,
    onMutate: dismissLoginFailure,
    onSuccess: (answer) => {
      if (!isMfaChallenge(answer)) queryClient.setQueryData(userQueryKey, answer);
    },
    // Just the server's sentence ('Invalid username or password'): the status means nothing here.
    onError: (error) => {
      loginFailure.current = toast({ title: 'Login failed', message: serverMessage(error), variant: 'error' });
    },
  });

  const secondFactorMutation = useMutation({
    mutationFn: loginSecondFactor,
    onSuccess: (user) => {
      dismissLoginFailure();
      queryClient.setQueryData(userQueryKey, user);
    },
  });

  const refreshUser = useCallback(
    () => queryClient.fetchQuery({ queryKey: userQueryKey, queryFn: getCurrentUser, staleTime: 0 }),
    [queryClient],
  );

  const registerMutation = useMutation({
    mutationFn: register,
    // Only a first registration signs in; a signed-in admin registering another stays who they are.
    onSuccess: (user) => {
      if (!queryClient.getQueryData(userQueryKey)) queryClient.setQueryData(userQueryKey, user);
    },
    onError: (error) => toast({ title: 'Registration failed', message: errorText(error), variant: 'error' }),
  });

  // Set while logging out: that signs out of Firebase too, which is no lost session.
  const loggingOut = useRef(false);
  const logoutMutation = useMutation({
    mutationFn: logout,
    onMutate: () => {
      loggingOut.current = true;
    },
    onSuccess: clearSession,
    onError: (error) => toast({ title: 'Logout failed', message: errorText(error), variant: 'error' }),
    onSettled: () => {
      loggingOut.current = false;
    },
  });

  // Firebase builds: the dashboard's listeners need the Firebase Auth sign-in the API session
  // started. Without it (revoked by a logout elsewhere, storage cleared) only a new login
  // helps, so end the API session too and go back to the login page.
  // An admin still to set up a required second factor has no Firebase sign-in yet: the
  // answer that adds the factor brings it (see signInWithHeldBackToken), so wait till then.
  const userId = userQuery.data?.mfaSetupRequired ? undefined : userQuery.data?.id;
  useEffect(() => {
    if (!userId) return;
    return watchFirebaseSession(userId, () => {
      if (loggingOut.current) return;
      clearSession();
      void logout().catch(() => undefined);
      toast({ title: 'Session ended', message: 'Please log in again.', variant: 'default' });
    });
  }, [userId, clearSession, toast]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: userQuery.data ?? null,
      isLoading: userQuery.isLoading,
      error: userQuery.error,
      loginMutation,
      secondFactorMutation,
      refreshUser,
      logoutMutation,
      registerMutation,
    }),
    [
      userQuery.data,
      userQuery.isLoading,
      userQuery.error,
      loginMutation,
      secondFactorMutation,
      refreshUser,
      logoutMutation,
      registerMutation,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
