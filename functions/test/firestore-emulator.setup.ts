/**
 * Vitest global setup: one Google Firestore emulator for the whole run, started from the
 * installed Cloud CLI package with an installed Java (see scripts/firestore-emulator.mjs).
 * Test files read where it listens with `inject('firestoreEmulator')` and keep their data
 * apart by project id, which the emulator keeps apart. A FIRESTORE_EMULATOR_HOST already
 * set (an emulator someone started) is used instead of starting one.
 */
import type { TestProject } from 'vitest/node';
import { locateFirestoreEmulator, startFirestoreEmulator } from '../scripts/firestore-emulator.mjs';

export default async function setup(project: TestProject) {
  const running = process.env.FIRESTORE_EMULATOR_HOST;
  if (running) {
    project.provide('firestoreEmulator', { host: running });
    return;
  }
  const found = locateFirestoreEmulator();
  if ('reason' in found) {
    project.provide('firestoreEmulator', { reason: found.reason });
    return;
  }
  const emulator = await startFirestoreEmulator();
  project.provide('firestoreEmulator', { host: emulator.host });
  return () => emulator.stop();
}
