// `npm run test:storage-rules`: storage.rules' tests against Google's Storage emulator, which
// firebase-tools downloads (with its rules runtime) on first use and runs with a Java 21 or
// newer. The newest installed Java goes first on the PATH, as `npm run emulators` does; where
// the download is out of reach, firebase-tools says so and the command fails (decision 029).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { findJavas } from './firestore-emulator.mjs';

const root = join(import.meta.dirname, '../..');
const [newest] = findJavas();
if (!newest || newest.major < 21) {
  console.error(`The Storage emulator needs a Java 21 or newer (found ${newest ? newest.major : 'none'}).`);
  process.exit(1);
}
const result = spawnSync(
  'npx',
  ['firebase', 'emulators:exec', '--only', 'storage', 'npx vitest run functions/test/rules/storage.rules.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PATH: `${dirname(newest.java)}:${process.env.PATH}` } },
);
process.exit(result.status ?? 1);
