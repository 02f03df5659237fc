/**
 * What the function signs with its service-account identity, checked offline with a
 * throwaway RSA key: the admin's custom token and the v4 signed upload URLs.
 */
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getStorage } from 'firebase-admin/storage';
import { createHash, createPublicKey, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCloudStorageObjectStore } from '../src/adapters/cloud-storage/cloud-storage-object-store';
import { createFirebaseClientAuth } from '../src/firebase/client-auth';
import type { ObjectStore } from '../src/ports/object-store';

const projectId = 'demo-signing';
const clientEmail = `functions@${projectId}.iam.gserviceaccount.com`;
const bucketName = `${projectId}.appspot.com`;
let app: App;
let publicKey: KeyObject;

beforeAll(() => {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  publicKey = createPublicKey(pair.publicKey);
  const privateKey = pair.privateKey;
  app = initializeApp({ credential: cert({ projectId, clientEmail, privateKey }), projectId, storageBucket: bucketName }, 'signing');
});
afterAll(async () => {
  if (app) await deleteApp(app);
});

const verifies = (data: string, signature: Buffer) => createVerify('RSA-SHA256').update(data).verify(publicKey, signature);

describe('the admin custom token', () => {
  it('is an RS256 token of the service account for the admin user, with admin: true', async () => {
    const token = await createFirebaseClientAuth(getAuth(app)).customToken({ id: 'user123', username: 'staff' });
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(verifies(`${header}.${payload}`, Buffer.from(signature, 'base64url'))).toBe(true);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ uid: 'user123', claims: { admin: true }, iss: clientEmail, sub: clientEmail });
    expect(claims.aud).toBe('https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit');
    expect(claims.exp - claims.iat).toBe(3600);
    expect(
      verifies(
        `${header}.${Buffer.from(JSON.stringify({ ...claims, uid: 'other' })).toString('base64url')}`,
        Buffer.from(signature, 'base64url'),
      ),
    ).toBe(false);
  });
});

describe('v4 signed upload URLs', () => {
  let objects: ObjectStore;
  beforeAll(async () => {
    objects = await createCloudStorageObjectStore(getStorage(app).bucket(), {
      stagingDir: join(tmpdir(), 'signing-test'),
      downloadOrigin: 'https://firebasestorage.googleapis.com',
      signedUploads: true,
    });
  });

  /** Rebuilds the canonical request Cloud Storage checks the signature against. */
  function stringToSign(url: URL, method: string, headers: Record<string, string>) {
    const query = [...url.searchParams.entries()]
      .filter(([name]) => name !== 'X-Goog-Signature')
      .map(([name, value]) => [encodeURIComponent(name), encodeURIComponent(value)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const signed = url.searchParams.get('X-Goog-SignedHeaders') ?? '';
    const all: Record<string, string> = { host: url.host };
    for (const [name, value] of Object.entries(headers)) all[name.toLowerCase()] = value;
    const canonicalHeaders = signed
      .split(';')
      .map((name) => `${name}:${all[name] ?? ''}\n`)
      .join('');
    const request = [method, url.pathname, query, canonicalHeaders, signed, 'UNSIGNED-PAYLOAD'].join('\n');
    const scope = (url.searchParams.get('X-Goog-Credential') ?? '').split('/').slice(1).join('/');
    return ['GOOG4-RSA-SHA256', url.searchParams.get('X-Goog-Date'), scope, createHash('sha256').update(request).digest('hex')].join('\n');
  }

  it('binds PUT, the content type, the size range, single use and a 15-minute expiry', async () => {
    const issuedAt = Date.now();
    const expires = new Date(issuedAt + 15 * 60 * 1000);
    const upload = await objects.createUploadUrl?.('models/abc.glb', 'model/gltf-binary', 104_857_600, expires);
    if (!upload) throw new Error('signed uploads are on, so createUploadUrl exists');
    const url = new URL(upload.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://storage.googleapis.com/${bucketName}/models/abc.glb`);
    expect(url.searchParams.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    expect(url.searchParams.get('X-Goog-Credential')).toMatch(new RegExp(`^${clientEmail}/\\d{8}/auto/storage/goog4_request$`));
    expect(Number(url.searchParams.get('X-Goog-Expires'))).toBeGreaterThanOrEqual(899);
    expect(Number(url.searchParams.get('X-Goog-Expires'))).toBeLessThanOrEqual(900);
    expect(url.searchParams.get('X-Goog-SignedHeaders')).toBe(
      'cache-control;content-type;host;x-goog-content-length-range;x-goog-if-generation-match',
    );

    expect(upload.method).toBe('PUT');
    expect(upload.headers).toEqual({
      'Content-Type': 'model/gltf-binary',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'x-goog-content-length-range': '1,104857600',
      'x-goog-if-generation-match': '0',
    });

    const signature = Buffer.from(url.searchParams.get('X-Goog-Signature') ?? '', 'hex');
    // Exactly this request is signed...
    expect(verifies(stringToSign(url, 'PUT', upload.headers), signature)).toBe(true);
    // ...and no other method, content type, size range or overwrite.
    expect(verifies(stringToSign(url, 'GET', upload.headers), signature)).toBe(false);
    expect(verifies(stringToSign(url, 'PUT', { ...upload.headers, 'Content-Type': 'text/html' }), signature)).toBe(false);
    expect(verifies(stringToSign(url, 'PUT', { ...upload.headers, 'x-goog-content-length-range': '1,999999999' }), signature)).toBe(false);
    expect(verifies(stringToSign(url, 'PUT', { ...upload.headers, 'x-goog-if-generation-match': '1' }), signature)).toBe(false);
  });

  it('gives each object a public Firebase Storage download URL', () => {
    expect(objects.publicUrl('thumbnails/a b.png')).toBe(
      `https://firebasestorage.googleapis.com/v0/b/${bucketName}/o/thumbnails%2Fa%20b.png?alt=media`,
    );
  });
});
