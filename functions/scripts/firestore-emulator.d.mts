// Types for firestore-emulator.mjs, which plain Node scripts also run.
export interface FoundEmulator {
  jar: string;
  java: string;
  javaMajor: number;
}
export function findJavas(): Array<{ java: string; major: number }>;
export function locateFirestoreEmulator(): FoundEmulator | { reason: string };
export function freePort(): Promise<number>;
export function startFirestoreEmulator(options?: {
  port?: number;
  timeoutMs?: number;
}): Promise<{ host: string; pid: number | undefined; stop(): Promise<void> }>;
export function firebaseToolsLauncher(): Promise<{ launcherJar: string; javaHome: string } | { reason: string }>;
