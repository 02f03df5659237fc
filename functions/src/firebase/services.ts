import type { App as AdminApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage, type Storage } from 'firebase-admin/storage';
import type { ClientCheck } from '../ports/client-check';
import type { ObjectStore } from '../ports/object-store';
import { firebaseAppCheck } from './app-check';

/** Firebase's services, as the composition roots (site.ts, pages.ts) receive them (tests pass their own). */
export interface FirebaseServices {
  db: Firestore;
  auth: Auth;
  /** Omitted: the Cloud Storage store over `storage`'s bucket. */
  objects?: ObjectStore;
  /** Cloud Storage, made at its first use: its client loads then, not at an instance's start. */
  storage?: () => Storage;
  /** The project's default bucket (FIREBASE_CONFIG's storageBucket), where STORAGE_BUCKET names none. */
  defaultBucket?: string;
  /** App Check's token verifier, for APP_CHECK=monitor or enforce. */
  clientCheck?: (mode: ClientCheck['mode']) => ClientCheck;
}

/**
 * Whether Firestore is reached over REST (`preferRest`) rather than gRPC: FIRESTORE_PREFER_REST
 * (`true` or `false`) where set, as `npm run bench:cold-start` sets it to measure both; else
 * REST, except against the emulator, where the REST client still asks for Google credentials
 * that emulators lack. REST answers a new instance's first request sooner (see
 * docs/decisions/032-server-speed.md), and the function never listens, which is what needs gRPC.
 */
export function prefersRest(source: NodeJS.ProcessEnv): boolean {
  if (source.FIRESTORE_PREFER_REST === 'true' || source.FIRESTORE_PREFER_REST === 'false') return source.FIRESTORE_PREFER_REST === 'true';
  return !source.FIRESTORE_EMULATOR_HOST;
}

/** The services of an initialised firebase-admin app (the function's default app). */
export function firebaseServices(adminApp: AdminApp, source: NodeJS.ProcessEnv = process.env): FirebaseServices {
  const db = getFirestore(adminApp);
  if (prefersRest(source)) db.settings({ preferRest: true });
  return {
    db,
    auth: getAuth(adminApp),
    storage: () => getStorage(adminApp),
    defaultBucket: adminApp.options.storageBucket,
    clientCheck: (mode) => firebaseAppCheck(adminApp, mode),
  };
}
