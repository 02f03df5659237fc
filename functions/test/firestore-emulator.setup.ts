/**
 * Vitest global setup: one Google Firestore emulator for the whole run, started from the
 * installed Cloud CLI package with an installed Java (see scripts/firestore-emulator.mjs).
 * Test files read where it listens with `inject('firestoreEmulator')` and keep their data
 * apart by project id, which the emulator keeps apart. A FIRESTORE_EMULATOR_HOST already
 * set (an emulator someone started) is used instead of starting one.
 *
 * Where the emulator is not installed, the Firestore suites report themselves skipped with the
 * reason, unless REQUIRE_EMULATORS=1 (CI sets it): then the run fails here, saying why, so a
 * green run never hides a quarter of the suite skipped.
 */
import type { TestProject } from 'vitest/node';
import { locateFirestoreEmulator, startFirestoreEmulator } from '../scripts/firestore-emulator.mjs';

const required = process.env.REQUIRE_EMULATORS === '1';

export default async function setup(project: TestProject) {
  const running = process.env.FIRESTORE_EMULATOR_HOST;
  if (running) {
    project.provide('firestoreEmulator', { host: running });
    return;
  }
  const found = locateFirestoreEmulator();
  if ('reason' in found) {
    if (required) {
      throw new Error(
        `REQUIRE_EMULATORS=1 requires the Firestore suites to run, but they cannot: ${found.reason}. ` +
          'Install it, or unset REQUIRE_EMULATORS to have those suites reported skipped.',
      );
    }
    project.provide('firestoreEmulator', { reason: found.reason });
    return;
  }
  try {
    const emulator = await startFirestoreEmulator();
    project.provide('firestoreEmulator', { host: emulator.host });
    return () => emulator.stop();
  } catch (error) {
    throw new Error(`Google's Firestore emulator (${found.jar}, ${found.java}) did not start: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
