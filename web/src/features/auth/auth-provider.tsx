import type { LoginInput, RegisterInput, User } from '@site/domain';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { createContext, useMemo, type ReactNode } from 'react';
import { getCurrentUser, login, logout, register, userQueryKey } from './api/auth-api';
import { useToast } from '../../lib/toast';
import { errorText } from './lib/error-text';

export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<User, Error, LoginInput>;
  logoutMutation: UseMutationResult<void, Error, void>;
  registerMutation: UseMutationResult<User, Error, RegisterInput>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Holds the admin session (spec section 4): loaded on start, set by login or register, cleared by logout. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const userQuery = useQuery({ queryKey: userQueryKey, queryFn: getCurrentUser });

  const loginMutation = useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
    onError: (error) => toast({ title: 'Login failed', message: errorText(error), variant: 'error' }),
  });

  const registerMutation = useMutation({
    mutationFn: register,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
    onError: (error) => toast({ title: 'Registration failed', message: errorText(error), variant: 'error' }),
  });

  const logoutMutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing the signed-in admin loaded may outlive the session.
      queryClient.removeQueries({ queryKey: ['admin'] });
      queryClient.setQueryData(userQueryKey, null);
    },
    onError: (error) => toast({ title: 'Logout failed', message: errorText(error), variant: 'error' }),
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      user: userQuery.data ?? null,
      isLoading: userQuery.isLoading,
      error: userQuery.error,
      loginMutation,
      logoutMutation,
      registerMutation,
    }),
    [userQuery.data, userQuery.isLoading, userQuery.error, loginMutation, logoutMutation, registerMutation],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
