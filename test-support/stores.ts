/**
 * The two stores the API tests run on: SQLite (the embedded server's, on a temporary file the
 * test app makes when given no store) and Firestore on Google's emulator, each Firestore store in
 * a project of its own so every test app starts on an empty database. Where the emulator cannot
 * run, the Firestore side is reported skipped with the reason (see firestore-emulator.ts).
 */
import { createFirestoreStore } from '@site/functions/src/adapters/firestore/store';
import type { Store } from '@site/functions/src/ports/store';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { firestoreEmulatorHost, onEmulator } from './firestore-emulator';

let emulatorProjects = 0;

export interface EmulatorProject {
  /** `{prefix}-{pid}-{time}-{n}`: unique across the run's test files and their workers. */
  projectId: string;
  /** The project's database, for a test that reads or writes documents behind the store's back. */
  db: Firestore;
  /** The Store on the Firestore adapter over `db`; closing it deletes the project's app. */
  store(): Store;
}

/** A project of its own in the Firestore emulator, named from `prefix` (the test file's subject). */
export function emulatorProject(prefix: string): EmulatorProject {
  const projectId = `${prefix}-${process.pid}-${Date.now()}-${emulatorProjects++}`;
  const app = initializeApp({ projectId }, projectId);
  const db = getFirestore(app);
  db.settings({ host: firestoreEmulatorHost, ssl: false });
  return { projectId, db, store: () => createFirestoreStore(db, { onClose: () => deleteApp(app) }) };
}

/** A Store on the Firestore adapter over an empty project of the emulator; closing it deletes its app. */
export function emulatorStore(prefix: string): Store {
  return emulatorProject(prefix).store();
}

/**
 * Each store a suite runs on, for `describe.each`: its title (where the Firestore side runs, or
 * why it is skipped), how to make it (`undefined`: the test app's own SQLite file) and whether it
 * runs here (`it.skipIf(!runs)`).
 */
export type StoreUnderTest = [title: string, makeStore: (() => Store) | undefined, runs: boolean];

/** SQLite, then Firestore in projects named from `prefix`. */
export function storesUnderTest(prefix: string): StoreUnderTest[] {
  return [
    ['SQLite', undefined, true],
    [onEmulator('Firestore'), () => emulatorStore(prefix), Boolean(firestoreEmulatorHost)],
  ];
}
