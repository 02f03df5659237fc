/**
 * APP_CHECK in Firebase mode, with firebase-admin's real App Check verifier: the public
 * forms refuse a request without a token or with one that is not a valid App Check token
 * (both decided without Google's servers), and the setting itself is checked at start.
 */
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalObjectStore } from '../src/adapters/local-objects/local-object-store';
import { firebaseAppCheck } from '../src/firebase/app-check';
import { readFirebaseEnv } from '../src/firebase/env';
import { createFirebaseSite } from '../src/firebase/site';
import { unverifiedClientMessage } from '../src/http/client-check';
import { Client, goodQuote } from './harness';

const projectId = `demo-app-check-${process.pid}`;
const adminApp = initializeApp({ projectId }, projectId);
const dir = mkdtempSync(join(tmpdir(), 'app-check-'));
let server: Server | undefined;
let client: Client;
const browser = { origin: `https://${projectId}.web.app` };

beforeAll(async () => {
  if (!firestoreEmulatorHost) return;
  const db = getFirestore(adminApp);
  db.settings({ host: firestoreEmulatorHost, ssl: false });
  const env = readFirebaseEnv({ GCLOUD_PROJECT: projectId, APP_CHECK: 'enforce' });
  const site = await createFirebaseSite(
    {
      db,
      auth: getAuth(adminApp),
      objects: await createLocalObjectStore(join(dir, 'objects')),
      clientCheck: (mode) => firebaseAppCheck(adminApp, mode),
    },
    env,
  );
  server = createServer(site.handler);
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  client = new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)));
  await deleteApp(adminApp);
  rmSync(dir, { recursive: true, force: true });
});

describe('APP_CHECK setting', () => {
  it('is off unless set, and refuses anything but off, monitor or enforce', () => {
    expect(readFirebaseEnv({ GCLOUD_PROJECT: 'demo-x' }).APP_CHECK).toBe('off');
    expect(() => readFirebaseEnv({ GCLOUD_PROJECT: 'demo-x', APP_CHECK: 'yes' })).toThrow('APP_CHECK: must be off, monitor or enforce');
  });
});

describe.skipIf(!firestoreEmulatorHost)(onEmulator('APP_CHECK=enforce on the Cloud Function'), () => {
  it('refuses a quote request with no token, or with something that is not an App Check token', async () => {
    const missing = await client.post<{ message: string }>('/api/quote-request', goodQuote, browser);
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe(unverifiedClientMessage);
    const forged = await client.post<{ message: string }>('/api/quote-request', goodQuote, {
      ...browser,
      'x-firebase-appcheck': 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    });
    expect(forged.status).toBe(401);
    expect((await getFirestore(adminApp).collection('quote_requests').count().get()).data().count).toBe(0);
  });

  it('still answers the public reads', async () => {
    expect((await client.get('/api/reviews')).status).toBe(200);
  });
});
