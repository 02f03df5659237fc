import { onAuthStateChanged, type Unsubscribe } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { emulators, firebaseServices, type FirebaseServices } from './app';
import { subscribeWhileSignedIn, type LiveSignal, type SubscribeOptions } from './live-changes';

let db: Firestore | null = null;

function firestore({ app }: FirebaseServices): Firestore {
  if (!db) {
    db = getFirestore(app);
    if (emulators) connectFirestoreEmulator(db, '127.0.0.1', 8080);
  }
  return db;
}

/**
 * The admin dashboard's live channel in Firebase builds: Firestore listeners for whoever is
 * signed in to Firebase Auth, opened once the persisted sign-in is restored. Loaded through
 * `import()` only (see app.ts).
 */
export async function openLiveChannel(
  onSignal: (signal: LiveSignal) => void,
  options: Omit<SubscribeOptions, 'resyncFirst'>,
): Promise<Unsubscribe> {
  const services = await firebaseServices();
  const { auth } = services;
  await auth.authStateReady();
  return subscribeWhileSignedIn(
    (next) => onAuthStateChanged(auth, (user) => next(user?.uid ?? null)),
    firestore(services),
    onSignal,
    options,
  );
}
