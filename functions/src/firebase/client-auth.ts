import type { Auth } from 'firebase-admin/auth';
import type { ClientAuth } from '../ports/client-auth';

/** The custom claim security rules check (firestore.rules, `isAdmin()`). */
export const adminClaims = { admin: true } as const;

/**
 * Firebase Auth for the admin's browser: a custom token whose uid is the admin's user id
 * and whose claims say `admin: true`. Signing needs a service-account key or, on Cloud
 * Functions, the runtime account's permission to sign blobs as itself (docs/firebase.md).
 */
export function createFirebaseClientAuth(auth: Auth): ClientAuth {
  return {
    customToken: (user) => auth.createCustomToken(user.id, adminClaims),
    async revoke(user) {
      try {
        // Refresh tokens stop working at once; an ID token already issued lives out its hour.
        await auth.revokeRefreshTokens(user.id);
      } catch (error) {
        // The browser never exchanged the token, so Firebase Auth has no such user: nothing to revoke.
        if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error;
      }
    },
  };
}
