import { accountMessages, type LoginInput, type MfaChallenge, type RegisterInput, type User } from '@site/domain';
import { ApiRequestError, api } from '../api-client';
import { getPasskeyCeremony, type PublicKeyCredentialRequestOptionsJSON } from '../passkeys';

// The build-time switch (see lib/firebase/app.ts): written out in each module that loads
// Firebase code, so that the embedded build drops that code.
const firebaseBackend = import.meta.env.VITE_BACKEND === 'firebase';

/** The session's query key; everything that changes the session writes here. */
export const userQueryKey = ['auth', 'user'] as const;

/**
 * Firebase builds only: the session's Firebase Auth half, which the security rules need for
 * the dashboard's listeners. Loaded on demand, so the embedded build has none of it.
 */
const firebaseAuth = () => import('../firebase/auth');

/** What login and a first registration answer in Firebase mode: the user plus a custom token. */
type SignedIn = User & { firebaseToken?: string };

/** GET /api/user: a 401 means nobody is signed in, which is not an error. */
export const getCurrentUser = (): Promise<User | null> => getSession<User>('/api/user');

/**
 * A GET that answers the session (GET /api/user, or GET /api/dashboard with the dashboard's
 * first screen besides): null when nobody is signed in (a 401), which is not an error.
 */
export async function getSession<T>(url: string): Promise<T | null> {
  try {
    return await api.get<T>(url);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      // No session, so no Firebase sign-in either (it may outlive an expired session).
      if (firebaseBackend) await (await firebaseAuth()).signOutOfFirebase().catch(() => undefined);
      return null;
    }
    throw error;
  }
}

/**
 * Signs in to Firebase with the answer's token. A login always carries one in Firebase mode; a
 * registration only when it signed in (a signed-in admin registering another stays who they
 * are). The token is not kept: the user cache holds only the user.
 */
async function completeSignIn({ firebaseToken, ...user }: SignedIn, tokenRequired: boolean): Promise<User> {
  if (firebaseBackend && tokenRequired && !firebaseToken) {
    await api.post<void>('/api/logout').catch(() => undefined);
    throw new Error('The server sent no Firebase sign-in token');
  }
  if (firebaseBackend && firebaseToken) {
    try {
      await (await firebaseAuth()).signInWithToken(firebaseToken);
    } catch (error) {
      // Half signed in is no use to the dashboard: end the API session too, and report.
      await api.post<void>('/api/logout').catch(() => undefined);
      throw error;
    }
  }
  return user;
}

/**
 * Firebase mode, REQUIRE_MFA: an admin signed in without a second factor gets no token until
 * their first factor is added, and the answer that adds it carries the token.
 */
export async function signInWithHeldBackToken(firebaseToken: string | undefined): Promise<void> {
  if (firebaseBackend && firebaseToken) await (await firebaseAuth()).signInWithToken(firebaseToken);
}

export const isMfaChallenge = (answer: SignedIn | MfaChallenge): answer is MfaChallenge => 'mfaRequired' in answer && answer.mfaRequired;

/**
 * The password step. An admin with a second factor gets a challenge instead, and no session
 * yet: the login page then asks for the code or the passkey (`loginSecondFactor`).
 */
export async function login(input: LoginInput): Promise<User | MfaChallenge> {
  const answer = await api.post<SignedIn | MfaChallenge>('/api/login', input);
  return isMfaChallenge(answer) ? answer : completeSignIn(answer, !answer.mfaSetupRequired);
}

/** A code from the authenticator app or a recovery code (the server tells them apart), or a passkey. */
export type SecondFactor = { method: 'totp'; code: string } | { method: 'passkey' };

export async function loginSecondFactor(factor: SecondFactor): Promise<User> {
  if (factor.method === 'totp') return completeSignIn(await api.post<SignedIn>('/api/login/totp', { code: factor.code }), true);
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('/api/login/passkey/options');
  const response = await getPasskeyCeremony(optionsJSON);
  return completeSignIn(await api.post<SignedIn>('/api/login/passkey', { response }), true);
}

/** The server's 401 once the password step is more than 5 minutes old: start again. */
export const isLoginExpired = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 401 && error.body?.message === accountMessages.loginExpired;

/**
 * The 403 every admin call but enrolment answers while REQUIRE_MFA waits for this admin's
 * second factor: the session must be re-read, and the protected routes send the admin to the
 * Account page.
 */
export const isMfaSetupRequired = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 403 && error.body?.message === accountMessages.mfaSetupRequired;

export const register = async (input: RegisterInput) => completeSignIn(await api.post<SignedIn>('/api/register', input), false);

export async function logout(): Promise<void> {
  await api.post<void>('/api/logout');
  if (firebaseBackend) await (await firebaseAuth()).signOutOfFirebase();
}

/**
 * Firebase builds: calls `onLost` when Firebase Auth no longer has this user while the API
 * session does (refresh tokens revoked by a logout elsewhere, storage cleared). There is no
 * way to a new token but signing in again. Answers a stop function; in the embedded build it
 * does nothing.
 */
export function watchFirebaseSession(userId: string, onLost: () => void): () => void {
  if (!firebaseBackend) return () => undefined;
  let stop: (() => void) | undefined;
  let stopped = false;
  firebaseAuth()
    .then(({ watchFirebaseUser }) =>
      watchFirebaseUser((uid) => {
        if (uid !== userId) onLost();
      }),
    )
    .then((unsubscribe) => {
      if (stopped) unsubscribe();
      else stop = unsubscribe;
    })
    .catch((error: unknown) => console.warn('Firebase Auth did not start.', error));
  return () => {
    stopped = true;
    stop?.();
  };
}
