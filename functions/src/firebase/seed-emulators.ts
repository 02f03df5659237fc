/**
 * Fills the running Firebase emulators with the demo content of `npm run demo` and the
 * first admin. Run by `npm run emulators` (functions/scripts/emulators.mjs) with
 * FIRESTORE_EMULATOR_HOST, GCLOUD_PROJECT and ADMIN_PASSWORD set, and
 * FIREBASE_STORAGE_EMULATOR_HOST when the Storage emulator runs (without it the showroom's
 * sample models are left out); never against a real project.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdmin } from '../accounts';
import { createCloudStorageObjectStore } from '../adapters/cloud-storage/cloud-storage-object-store';
import { createFirestoreStore } from '../adapters/firestore/store';
import { seedDemo } from '../demo/seed';

const { GCLOUD_PROJECT: project, FIRESTORE_EMULATOR_HOST: firestore, FIREBASE_STORAGE_EMULATOR_HOST: storage } = process.env;
if (!project?.startsWith('demo-') || !firestore) {
  throw new Error('Seeds only the emulators of a demo- project: set GCLOUD_PROJECT=demo-... and FIRESTORE_EMULATOR_HOST');
}

const app = initializeApp({ projectId: project, storageBucket: `${project}.appspot.com` });
const store = createFirestoreStore(getFirestore(app));
const objects = storage
  ? await createCloudStorageObjectStore(getStorage(app).bucket(), {
      stagingDir: join(tmpdir(), 'emulator-seed'),
      downloadOrigin: `http://${storage}`,
      signedUploads: false,
    })
  : null;
if (!objects) console.log('The Storage emulator is not running: the showroom gets no sample models.');

if ((await store.users.count()) === 0) {
  const username = process.env.ADMIN_USERNAME ?? 'admin';
  await createAdmin(store, username, process.env.ADMIN_PASSWORD ?? '');
  console.log(`Created the admin account "${username}".`);
}
console.log(
  (await seedDemo(store, objects))
    ? 'Seeded the demo content (every record is marked "Demo").'
    : 'The emulators already hold data; not seeded.',
);
await store.close();
process.exit(0);
