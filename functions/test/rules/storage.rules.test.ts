/**
 * storage.rules: an allowed and a denied case for every `match`, against Google's Storage
 * emulator named by FIREBASE_STORAGE_EMULATOR_HOST. That emulator is not part of the Cloud
 * CLI packages: firebase-tools downloads it (and its rules runtime) on first use, which needs
 * Google's download servers. `npm run test:storage-rules` starts it and runs this suite where
 * that download works; elsewhere (the CI machines among them) the suite is reported skipped
 * with the reason, also with REQUIRE_EMULATORS=1, which requires the Firestore emulator only
 * (decision 029).
 */
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
const rulesFile = join(import.meta.dirname, '../../../storage.rules');
const glb = new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 12, 0, 0, 0]);
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe.skipIf(!host)(
  host
    ? `storage.rules (Storage emulator at ${host})`
    : "storage.rules (skipped: needs Google's Storage emulator, which firebase-tools downloads; run npm run test:storage-rules where it can, or set FIREBASE_STORAGE_EMULATOR_HOST)",
  () => {
    let env: RulesTestEnvironment;
    beforeAll(async () => {
      const [hostname, port] = (host ?? '').split(':');
      env = await initializeTestEnvironment({
        projectId: 'demo-rules-test',
        storage: { rules: readFileSync(rulesFile, 'utf8'), host: hostname, port: Number(port) },
      });
    });
    afterAll(() => env?.cleanup());

    beforeEach(async () => {
      await env.clearStorage();
      await env.withSecurityRulesDisabled(async (ctx) => {
        const storage = ctx.storage();
        await storage.ref('models/a.glb').put(glb, { contentType: 'model/gltf-binary' });
        await storage.ref('thumbnails/a.png').put(png, { contentType: 'image/png' });
        await storage.ref('photos/a-480.webp').put(png, { contentType: 'image/webp' });
        await storage.ref('brand/logo-a-640x160.png').put(png, { contentType: 'image/png' });
        await storage.ref('originals/a.jpg').put(png, { contentType: 'image/jpeg' });
        await storage.ref('private/notes.txt').put(new TextEncoder().encode('private'), { contentType: 'text/plain' });
      });
    });

    const visitor = () => env.unauthenticatedContext().storage();
    const admin = () => env.authenticatedContext('u1', { admin: true }).storage();

    describe('models/{file}', () => {
      it('anyone fetches a model', async () => {
        await assertSucceeds(visitor().ref('models/a.glb').getMetadata());
        await assertSucceeds(visitor().ref('models/a.glb').getDownloadURL());
      });
      it('nobody lists, uploads, replaces or deletes models from a browser', async () => {
        await assertFails(visitor().ref('models').listAll());
        await assertFails(Promise.resolve(visitor().ref('models/b.glb').put(glb, { contentType: 'model/gltf-binary' })));
        await assertFails(Promise.resolve(admin().ref('models/a.glb').put(glb, { contentType: 'model/gltf-binary' })));
        await assertFails(admin().ref('models/a.glb').delete());
      });
    });

    describe('photos/{file} and originals/', () => {
      it("anyone fetches a project photo's processed file", async () => {
        await assertSucceeds(visitor().ref('photos/a-480.webp').getMetadata());
      });
      it('nobody fetches an uploaded original (its GPS position), lists or writes photos', async () => {
        await assertFails(visitor().ref('originals/a.jpg').getMetadata());
        await assertFails(admin().ref('originals/a.jpg').getDownloadURL());
        await assertFails(visitor().ref('photos').listAll());
        await assertFails(Promise.resolve(admin().ref('photos/b-480.webp').put(png, { contentType: 'image/webp' })));
      });
    });

    describe('thumbnails/{file}', () => {
      it('anyone fetches a thumbnail', async () => {
        await assertSucceeds(visitor().ref('thumbnails/a.png').getMetadata());
      });
      it('nobody lists or uploads thumbnails from a browser', async () => {
        await assertFails(visitor().ref('thumbnails').listAll());
        await assertFails(Promise.resolve(admin().ref('thumbnails/b.png').put(png, { contentType: 'image/png' })));
      });
    });

    describe('brand/{file}', () => {
      it("anyone fetches the business's logo and favicon; nobody lists or writes them from a browser", async () => {
        await assertSucceeds(visitor().ref('brand/logo-a-640x160.png').getMetadata());
        await assertFails(visitor().ref('brand').listAll());
        await assertFails(Promise.resolve(admin().ref('brand/logo-b-640x160.png').put(png, { contentType: 'image/png' })));
        await assertFails(admin().ref('brand/logo-a-640x160.png').delete());
      });
    });

    describe('everything else (deny by default)', () => {
      it('is closed to visitors and the admin', async () => {
        await assertFails(visitor().ref('private/notes.txt').getMetadata());
        await assertFails(admin().ref('private/notes.txt').getMetadata());
        await assertFails(Promise.resolve(admin().ref('other/x.txt').put(new TextEncoder().encode('x'))));
      });
      it('still lets the Admin SDK (rules disabled) read it', async () => {
        await env.withSecurityRulesDisabled(async (ctx) => {
          await assertSucceeds(ctx.storage().ref('private/notes.txt').getMetadata());
        });
      });
    });
  },
);
