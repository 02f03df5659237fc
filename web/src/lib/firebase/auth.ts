import { onAuthStateChanged, signInWithCustomToken, signOut, type Unsubscribe } from 'firebase/auth';
import { firebaseServices } from './app';

/**
 * The browser's Firebase Auth half of the admin session, for the security rules: the API's
 * login answers a custom token (uid = the admin's id, claim `admin`), and the session's end
 * signs it out again. Loaded through `import()` in Firebase builds only (see app.ts).
 */
export async function signInWithToken(token: string): Promise<void> {
  const { auth } = await firebaseServices();
  await signInWithCustomToken(auth, token);
}

export async function signOutOfFirebase(): Promise<void> {
  const { auth } = await firebaseServices();
  await signOut(auth);
}

/**
 * Calls `next` with the signed-in uid, or null, once the persisted sign-in has been restored,
 * then after every change (a refresh token revoked by a logout elsewhere ends it too).
 */
export async function watchFirebaseUser(next: (uid: string | null) => void): Promise<Unsubscribe> {
  const { auth } = await firebaseServices();
  await auth.authStateReady();
  return onAuthStateChanged(auth, (user) => next(user?.uid ?? null));
}
