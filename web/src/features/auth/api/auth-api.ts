import type { LoginInput, RegisterInput, User } from '@site/domain';
import { ApiRequestError, api } from '../../../lib/api-client';

/** The session's query key; everything that changes the session writes here. */
export const userQueryKey = ['auth', 'user'] as const;

/** GET /api/user: a 401 means nobody is signed in, which is not an error (spec section 4). */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await api.get<User>('/api/user');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const login = (input: LoginInput) => api.post<User>('/api/login', input);
export const register = (input: RegisterInput) => api.post<User>('/api/register', input);
export const logout = () => api.post<void>('/api/logout');
