/**
 * Firebase mode's browser side: the app and Auth, started on first use (Firestore, needed
 * by the dashboard only, is started by live-channel.ts, so the login page loads less).
 *
 * Everything in this folder except the types of live-changes.ts is loaded only through
 * `import()` inside a branch on `import.meta.env.VITE_BACKEND === 'firebase'`, the one switch
 * between the two ways of running. Vite inlines that expression, so in the embedded build the
 * branches are dead and no chunk of the SDK is emitted (e2e/specs/firebase-free-build.spec.ts
 * checks). The expression has to be written out in each module holding such an `import()`:
 * a constant imported from another module is folded only after the chunks are decided, and
 * the Firebase chunks would ship, unused.
 */
import { initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import { connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';

export interface FirebaseServices {
  app: FirebaseApp;
  auth: Auth;
}

/** Built by `npm run emulators`: talk to the local emulators, on firebase.json's ports. */
export const emulators = import.meta.env.VITE_FIREBASE_EMULATORS === 'true';

/** Hosting (and its emulator) serves the project's web config here, so none is committed. */
const configUrl = '/__/firebase/init.json';

async function loadConfig(): Promise<FirebaseOptions> {
  const response = await fetch(configUrl);
  if (!response.ok) throw new Error(`${configUrl} answered ${response.status}: is the site served by Firebase Hosting?`);
  const config: unknown = await response.json();
  if (typeof config !== 'object' || config === null) throw new Error(`${configUrl} is not a Firebase web config`);
  const { apiKey, projectId } = config as Record<string, unknown>;
  if (typeof apiKey !== 'string' || typeof projectId !== 'string') throw new Error(`${configUrl} lacks apiKey or projectId`);
  return config as FirebaseOptions;
}

let firebaseAppStarting: Promise<FirebaseApp> | null = null;

/** The page's one Firebase app, started on first use (Auth and App Check build on it). */
export function firebaseApp(): Promise<FirebaseApp> {
  firebaseAppStarting ??= loadConfig()
    .then((config) => initializeApp(config))
    .catch((error: unknown) => {
      firebaseAppStarting = null;
      throw error;
    });
  return firebaseAppStarting;
}

async function start(): Promise<FirebaseServices> {
  const app = await firebaseApp();
  // No popup/redirect resolver: sign-in is by custom token only, so no auth iframe, and the
  // CSP needs no frame-src. IndexedDB keeps the admin signed in across reloads.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence] });
  if (emulators) connectAuthEmulator(auth, 'http://127.0.0.1:9099', { disableWarnings: true });
  return { app, auth };
}

let services: Promise<FirebaseServices> | null = null;

/** The app and Auth, started on first use; a failed start is retried on the next call. */
export function firebaseServices(): Promise<FirebaseServices> {
  services ??= start().catch((error: unknown) => {
    services = null;
    throw error;
  });
  return services;
}
