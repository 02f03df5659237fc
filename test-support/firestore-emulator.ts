/** Google's Firestore emulator that the Vitest global setup started, for test files. */
import { inject } from 'vitest';

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
