/**
 * Where `npm run admin` manages admin accounts: the embedded server's SQLite file, or a
 * Firebase project's Firestore (`--firebase`, `--project ID` or FIREBASE_PROJECT). In
 * Firebase mode a deleted admin's Firebase refresh tokens are revoked too, and the security
 * rules stop honouring their unexpired ID token because their users document is gone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSqliteStore } from '../adapters/sqlite/store';
import type { Env } from '../config';
import type { Store } from '../ports/store';
import { repositoryRoot } from './paths';

export interface AdminTarget {
  store: Store;
  /** Ends what the admin could still do outside the Store's sessions (Firebase Auth tokens). */
  revoke(userId: string): Promise<void>;
  /** Where the accounts are, for the CLI's messages. */
  where: string;
}

/** The project `--firebase` means without `--project`: FIREBASE_PROJECT, GCLOUD_PROJECT, or .firebaserc's default. */
export function defaultFirebaseProject(
  source: NodeJS.ProcessEnv = process.env,
  firebaserc = join(repositoryRoot, '.firebaserc'),
): string | undefined {
  const named = source.FIREBASE_PROJECT ?? source.GCLOUD_PROJECT;
  if (named) return named;
  try {
    return (JSON.parse(readFileSync(firebaserc, 'utf8')) as { projects?: { default?: string } }).projects?.default;
  } catch {
    return undefined;
  }
}

export async function openAdminTarget(env: Env, firebaseProject: string | undefined): Promise<AdminTarget> {
  if (!firebaseProject) {
    return { store: createSqliteStore({ file: join(env.DATA_DIR, 'site.sqlite') }), revoke: async () => undefined, where: env.DATA_DIR };
  }
  // Loaded only here, so the embedded commands start without Firebase's packages.
  const [{ initializeApp, deleteApp }, { getFirestore }, { getAuth }, { createFirestoreStore }, { createFirebaseClientAuth }] =
    await Promise.all([
      import('firebase-admin/app'),
      import('firebase-admin/firestore'),
      import('firebase-admin/auth'),
      import('../adapters/firestore/store'),
      import('../firebase/client-auth'),
    ]);
  // Credentials: Application Default Credentials (`gcloud auth application-default login`
  // or GOOGLE_APPLICATION_CREDENTIALS), or none against the emulators
  // (FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST).
  const app = initializeApp({ projectId: firebaseProject }, 'admin-cli');
  const clientAuth = createFirebaseClientAuth(getAuth(app));
  return {
    store: createFirestoreStore(getFirestore(app), { onClose: () => deleteApp(app) }),
    revoke: (userId) => clientAuth.revoke({ id: userId, username: '' }),
    where: `Firebase project ${firebaseProject}`,
  };
}
