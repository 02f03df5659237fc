/** Google's Firestore emulator that the Vitest global setup started, for test files. */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { inject } from 'vitest';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import type { Store } from '../src/ports/store';

const provided = inject('firestoreEmulator');

/** `127.0.0.1:PORT`, or undefined where the emulator cannot run here. */
export const firestoreEmulatorHost: string | undefined = 'host' in provided ? provided.host : undefined;

/** Why the emulator is missing, for a skipped suite's title; empty when it runs. */
export const firestoreEmulatorMissing: string = 'reason' in provided ? provided.reason : '';

/** A suite title that says where it runs, or why it was skipped. */
export function onEmulator(title: string): string {
  return firestoreEmulatorHost
    ? `${title} (Google's Firestore emulator at ${firestoreEmulatorHost})`
    : `${title} (skipped: ${firestoreEmulatorMissing})`;
}

/**
 * Loads Firestore security rules into one project of the emulator (the REST call
 * @firebase/rules-unit-testing makes), so a browser SDK in a test is held to them.
 */
export async function loadRules(projectId: string, rules: string): Promise<void> {
  const res = await fetch(`http://${firestoreEmulatorHost}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: rules }] } }),
  });
  if (!res.ok) throw new Error(`The emulator refused the rules: ${res.status} ${await res.text()}`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where Google's Firestore emulator listens (`127.0.0.1:PORT`), or why it cannot run here. */
    firestoreEmulator: { host: string } | { reason: string };
  }
}

let emulatorProjects = 0;

/**
 * A Store on the Firestore adapter over a project of its own in the emulator (`{prefix}-...`),
 * so each test app starts with an empty database; closing the store deletes its app.
 */
export function emulatorStore(prefix: string): Store {
  const projectId = `${prefix}-${process.pid}-${Date.now()}-${emulatorProjects++}`;
  const app = initializeApp({ projectId }, projectId);
  const db = getFirestore(app);
  db.settings({ host: firestoreEmulatorHost, ssl: false });
  return createFirestoreStore(db, { onClose: () => deleteApp(app) });
}
