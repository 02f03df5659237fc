/**
 * The Cloud Functions entry (src/index.ts) serving the API, as Cloud Functions runs it:
 * requests reach the exported `api` handler through an Express front that parses bodies
 * the way the Functions runtime and its emulator do (json/text/urlencoded/raw, 32 MB,
 * `rawBody`). Firestore is Google's emulator; a small local server stands in for the Auth
 * and Storage emulators' endpoints the function calls (revoking tokens, storing files).
 */
import type { DeliveryStatus, MessageDelivery, Model3d, Project, PublicProject, QuoteRequest } from '@site/domain';
import { multipartMedia, startCloudStorageStandIn, type CloudStorageStandIn } from '@site/test-support/cloud-storage';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { variantsModel } from '@site/test-support/model-fixtures';
import express from 'express';
import { deleteApp, getApp, getApps } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Request as FunctionsRequest } from 'firebase-functions/v2/https';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import { Sessions } from '../src/auth/sessions';
import { totpCode } from '../src/auth/second-factor';
import { readFirebaseEnv } from '../src/firebase/env';
import { systemClock } from '../src/ports/clock';
import { roomPhoto } from '../src/demo/room-photos';
import { createFirebaseSite } from '../src/firebase/site';
import { firebaseServices } from '../src/firebase/services';
import { createFirebasePages, pagesCacheControl } from '../src/firebase/pages';
import { api, optimizeModel, pages } from '../src/index';
import type { CurrentSettings } from '../src/services/settings';
import { describeNeed, indexFile, recordQueries, serves } from './firestore-indexes';
import { browserAgent, Client, glb, goodInquiry, goodQuote } from './harness';
import { businessTimeZone } from '@site/domain/calendar';

const projectId = `demo-function-${process.pid}`;
const bucket = `${projectId}.appspot.com`;
const origin = `https://${projectId}.web.app`;
const admin = { username: 'staff', password: 'correct horse battery staple' };

let storage: CloudStorageStandIn;
let front: Server;
/** The `pages` function behind the same kind of front, and a second handler that renders on every request. */
let pagesFront: Server;
let pagesBase: string;
let freshFront: Server;
let freshBase: string;
/** Every query the function sends Firestore, for the index check at the end. */
let queries: ReturnType<typeof recordQueries>;
let base: string;
/** Every request the Storage and Auth stand-in received. */
let recorded: CloudStorageStandIn['recorded'];
/** What the Storage stand-in holds, by object name. */
let stored: CloudStorageStandIn['stored'];

const listen = (server: Server) =>
  new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`127.0.0.1:${(server.address() as AddressInfo).port}`)));
/** What the function logs at info level, where it says it created the first admin. */
const infoLog = vi.spyOn(console, 'info').mockImplementation(() => undefined);

beforeAll(async () => {
  if (!firestoreEmulatorHost) return;
  queries = recordQueries();
  // The Auth emulator's accounts:update (refresh-token revocation) and the Storage emulator's
  // JSON API, answered as the real emulators answer them.
  storage = await startCloudStorageStandIn(bucket);
  ({ recorded, stored } = storage);
  Object.assign(process.env, {
    GCLOUD_PROJECT: projectId,
    STORAGE_BUCKET: bucket,
    FIRESTORE_EMULATOR_HOST: firestoreEmulatorHost,
    FIREBASE_AUTH_EMULATOR_HOST: storage.host,
    FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
    NOTIFY_EMAIL: 'office@example.com',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  });

  const rawBody = (req: IncomingMessage & { rawBody?: Buffer }, _res: unknown, buf: Buffer) => {
    req.rawBody = buf;
  };
  const runtime = express();
  runtime.use(express.json({ limit: '32mb', verify: rawBody }));
  runtime.use(express.text({ limit: '32mb', verify: rawBody }));
  runtime.use(express.urlencoded({ extended: true, limit: '32mb', verify: rawBody }));
  runtime.use(express.raw({ type: '*/*', limit: '32mb', verify: rawBody }));
  // `verify` above gave every request its rawBody, as the Functions runtime does.
  runtime.all('/{*path}', (req, res) => api(req as FunctionsRequest, res));
  front = createServer(runtime);
  base = `http://${await listen(front)}`;
  const pagesRuntime = express();
  pagesRuntime.all('/{*path}', (req, res) => pages(req as FunctionsRequest, res));
  pagesFront = createServer(pagesRuntime);
  pagesBase = `http://${await listen(pagesFront)}`;
});

afterAll(async () => {
  for (const server of [pagesFront, freshFront]) {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
  }
  front?.closeAllConnections();
  await new Promise((done) => front?.close(done));
  await storage?.close();
  queries?.stop();
  await Promise.all(getApps().map((app) => deleteApp(app)));
  infoLog.mockRestore();
});

const client = () => new Client(base);
const browser = { origin };
const db = () => getFirestore();

async function signIn() {
  const c = client();
  const res = await c.post<{ id: string; username: string; firebaseToken: string }>('/api/login', admin, browser);
  expect(res.status).toBe(200);
  return { client: c, body: res.body };
}

const jwtPayload = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe.skipIf(!firestoreEmulatorHost)(onEmulator('the Cloud Function api'), () => {
  it('answers the health check', async () => {
    const res = await client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('stores an inquiry in Firestore and writes its email and SMS documents before answering', async () => {
    const res = await client().post<{ id: string }>('/api/project-inquiry', goodInquiry, browser);
    expect(res.status).toBe(201);
    const stored = (await db().collection('project_inquiries').doc(res.body.id).get()).data();
    expect(stored).toMatchObject({ firstName: 'Ava', rooms: ['kitchen', 'bathroom'], budget: '15000-30000' });

    const about = { leadKind: 'inquiry', leadId: res.body.id, createdAt: expect.any(String) };
    const mail = (await db().collection('mail').where('leadId', '==', res.body.id).get()).docs.map((d) => d.data());
    expect(mail).toEqual(
      expect.arrayContaining([
        {
          to: ['ava@example.com'],
          audience: 'customer',
          ...about,
          // What the daily cap per recipient counts on.
          customerKey: 'ava@example.com',
          message: expect.objectContaining({ subject: 'We have received your project inquiry' }),
        },
        {
          to: ['office@example.com'],
          audience: 'staff',
          ...about,
          message: expect.objectContaining({ subject: 'New project inquiry: Ava Nguyen (Kitchen, Bathroom)' }),
        },
      ]),
    );
    // The extension sends the document as it is: each email carries its HTML, made as it was queued.
    for (const doc of mail) expect(doc.message.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.find((doc) => doc.audience === 'staff')?.message.html).toContain(`lead=${res.body.id}"`);
    const sms = (await db().collection('messages').where('leadId', '==', res.body.id).get()).docs.map((d) => d.data());
    expect(sms).toEqual([
      {
        to: '+61400123456',
        audience: 'customer',
        ...about,
        customerKey: '+61400123456',
        // Names the business and how to reach it.
        body: "Hi Ava, thanks for your renovation inquiry. We'll be in touch very shortly. — Northcote Kitchens & Bathrooms (03) 7010 4620",
      },
    ]);
  });

  it("reads the extensions' delivery state back onto the lead, and retries a failed message through them", async () => {
    const res = await client().post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, email: 'delivery@example.com' }, browser);
    const { client: signedIn } = await signIn();
    const messagesOf = async () => {
      const list = await signedIn.get<Array<{ id: string; messages: MessageDelivery[] }>>('/api/project-inquiries?limit=100');
      return list.body.find((item) => item.id === res.body.id)?.messages ?? [];
    };
    expect((await messagesOf()).map((m) => [m.channel, m.audience, m.status])).toEqual([
      ['email', 'staff', 'queued'],
      ['email', 'customer', 'queued'],
      ['sms', 'customer', 'queued'],
    ]);
    // What the Trigger Email and Twilio extensions write when they are done.
    const [staff, customer, sms] = await messagesOf();
    await db()
      .doc(`mail/${staff.id}`)
      .update({ delivery: { state: 'SUCCESS', attempts: 1, endTime: Timestamp.fromDate(new Date('2025-03-01T01:02:03Z')), error: null } });
    await db()
      .doc(`mail/${customer.id}`)
      .update({ delivery: { state: 'ERROR', attempts: 3, error: 'Invalid login: 535 Authentication failed' } });
    await db()
      .doc(`messages/${sms.id}`)
      .update({ delivery: { state: 'ERROR', errorCode: '21211', errorMessage: "The 'To' number is not valid. " } });
    expect(await messagesOf()).toEqual([
      expect.objectContaining({ id: staff.id, status: 'sent', sentAt: '2025-03-01T01:02:03.000Z' }),
      expect.objectContaining({ id: customer.id, status: 'failed', attempts: 3, error: 'Invalid login: 535 Authentication failed' }),
      expect.objectContaining({ id: sms.id, status: 'failed', error: "The 'To' number is not valid." }),
    ]);

    const retried = await signedIn.post<MessageDelivery>(`/api/messages/${customer.id}/retry`, undefined, browser);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: customer.id, status: 'sending' });
    expect((await db().doc(`mail/${customer.id}`).get()).get('delivery.state')).toBe('RETRY');
    expect((await signedIn.post(`/api/messages/${sms.id}/retry`, undefined, browser)).status).toBe(200);
    expect((await db().doc(`messages/${sms.id}`).get()).get('delivery.state')).toBe('PENDING');
    const again = await signedIn.post<{ message: string }>(`/api/messages/${staff.id}/retry`, undefined, browser);
    expect(again.status).toBe(409);
    const status = await signedIn.get<DeliveryStatus>('/api/messages/status');
    expect(status.body.configured).toEqual({ email: null, sms: null });
  });

  it("changes a quote request's status with a note in Firestore, and finds it by status and search", async () => {
    const created = await client().post<{ id: string }>(
      '/api/quote-request',
      { ...goodQuote, firstName: 'Marlowe', suburb: 'Kew East' },
      browser,
    );
    const { client: c } = await signIn();
    const res = await c.patch<QuoteRequest>(
      `/api/quote-request/${created.body.id}`,
      { status: 'contacted', note: 'Left a voicemail' },
      browser,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'contacted',
      history: [{ by: admin.username, status: 'contacted', note: 'Left a voicemail' }],
    });
    const stored = (await db().collection('quote_requests').doc(created.body.id).get()).data();
    expect(stored).toMatchObject({ status: 'contacted', firstContactAt: res.body.history[0].at, updatedAt: res.body.history[0].at });
    const found = await c.get<QuoteRequest[]>('/api/quote-requests?status=contacted&q=kew%20e');
    expect(found.body.map((q) => q.id)).toEqual([created.body.id]);
    expect(found.headers.get('x-total-count')).toBe('1');
    expect((await c.patch(`/api/quote-request/${created.body.id}`, { status: 'won' }, { origin: 'https://evil.example' })).status).toBe(
      403,
    );
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await client().post<{ message: string }>('/api/quote-request', goodQuote, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Cross-site requests are not allowed');
  });

  it('records the address Hosting saw, not one the client wrote into X-Forwarded-For', async () => {
    // What reaches the function from Hosting: the client's own header, the address Hosting's
    // CDN saw, then the CDN's address appended by Google's front end.
    const forwarded = { ...browser, 'user-agent': browserAgent, 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 35.191.0.1' };
    expect((await client().post('/api/visits', { page: '/services' }, forwarded)).status).toBe(204);
    const { client: c } = await signIn();
    const visits = await c.get<Array<{ page: string; ipAddress?: string }>>('/api/visitors?limit=100');
    expect(visits.body.filter((v) => v.page === '/services').map((v) => v.ipAddress)).toEqual(['203.0.113.7']);
  });

  it('applies the API body limits to bodies the Functions runtime has already parsed', async () => {
    const big = await client().post<{ message: string }>('/api/quote-request', { ...goodQuote, suburb: 'x'.repeat(40_000) }, browser);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Request body is too large');
    const text = await client().request<{ message: string; errors: Record<string, string> }>('POST', '/api/quote-request', {
      body: 'firstName=Jack',
      headers: { 'content-type': 'text/plain', ...browser },
    });
    expect(text.status).toBe(400);
    expect(text.body.errors).toHaveProperty('firstName');
  });

  it('signs the first admin in from the ADMIN_PASSWORD secret and returns a custom token with admin: true', async () => {
    const { body } = await signIn();
    expect(body.username).toBe(admin.username);
    const claims = jwtPayload(body.firebaseToken);
    expect(claims.uid).toBe(body.id);
    expect(claims.claims).toEqual({ admin: true });
    expect(claims.aud).toBe('https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit');
    // Created once, on the first request that needed it, and said at info level, not as an error.
    expect(infoLog.mock.calls.sort()).toEqual([
      ["Copied NOTIFY_EMAIL into the business settings: they are changed in the admin's Settings tab from now on."],
      ['Created the admin account "staff" from the ADMIN_PASSWORD secret.'],
    ]);
  });

  it('gives no session or custom token before the second factor, and both after it', async () => {
    const { client: staff } = await signIn();
    const second = { username: 'second-factor', password: 'correct horse battery staple' };
    expect((await staff.post('/api/register', second, browser)).status).toBe(201);
    const owner = client();
    await owner.post('/api/login', second, browser);
    const started = await owner.post<{ secret: string }>('/api/account/totp', undefined, browser);
    const confirmed = await owner.post<{ recoveryCodes: string[] }>(
      '/api/account/totp/confirm',
      { code: totpCode(started.body.secret, new Date()), currentPassword: second.password },
      browser,
    );
    expect(confirmed.body.recoveryCodes).toHaveLength(10);

    const next = client();
    const login = await next.post<Record<string, unknown>>('/api/login', second, browser);
    expect(login.body).toEqual({ mfaRequired: true, methods: ['totp'] });
    expect((await next.get('/api/user', browser)).status).toBe(401);
    const done = await next.post<{ username: string; firebaseToken: string }>(
      '/api/login/totp',
      { code: confirmed.body.recoveryCodes[0] },
      browser,
    );
    expect(done.status).toBe(200);
    expect(jwtPayload(done.body.firebaseToken).claims).toEqual({ admin: true });
    const audit = await staff.get<Array<{ action: string; username: string }>>('/api/audit?limit=20', browser);
    expect(audit.body.filter((e) => e.username === second.username).map((e) => e.action)).toEqual([
      'login.succeeded',
      'recovery_code.used',
      'totp.enabled',
      'login.succeeded',
    ]);
  });

  it('lets the signed-in admin read leads, and nobody else', async () => {
    await client().post('/api/quote-request', goodQuote, browser);
    expect((await client().get('/api/quote-requests')).status).toBe(401);
    const { client: c } = await signIn();
    const res = await c.get<Array<{ firstName: string }>>('/api/quote-requests');
    expect(res.status).toBe(200);
    expect(res.body.map((q) => q.firstName)).toContain('Jack');
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
    const inquiries = await c.get<Array<{ email: string }>>('/api/project-inquiries');
    expect(inquiries.body.map((i) => i.email)).toContain('ava@example.com');
  });

  it("renders the dashboard's first screen from Firestore at GET /admin, which Hosting sends to this function", async () => {
    const { client: c } = await signIn();
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36';
    const page = async (path: string, cookie?: string) => {
      const res = await fetch(`${base}${path}`, { headers: { 'user-agent': phone, ...(cookie ? { cookie } : {}) } });
      return { status: res.status, text: await res.text(), cacheControl: res.headers.get('cache-control') };
    };
    const inquiries = await page('/admin', c.cookie);
    expect(inquiries.status).toBe(200);
    expect(inquiries.cacheControl).toBe('private, no-store');
    expect(inquiries.text).toContain('Ava Nguyen');
    expect(inquiries.text).toContain('<script type="application/json" id="admin-first-screen">');
    expect((await page('/admin?tab=quotes', c.cookie)).text).toContain('Jack Smith');
    // Nobody signed in: the app's shell, which shows the sign-in.
    const shell = await page('/admin');
    expect(shell.status).toBe(200);
    expect(shell.text).toContain('<div id="root"></div>');
    expect(shell.text).not.toContain('Ava Nguyen');
  });

  it('ends the session and revokes the Firebase refresh tokens on logout', async () => {
    const { client: c, body } = await signIn();
    recorded.length = 0;
    expect((await c.post('/api/logout', undefined, browser)).status).toBe(204);
    expect((await c.get('/api/user')).status).toBe(401);
    const revoke = recorded.find((r) => r.url.endsWith(`/projects/${projectId}/accounts:update`));
    expect(revoke).toBeDefined();
    expect(JSON.parse(revoke?.body.toString() ?? '{}')).toMatchObject({ localId: body.id, validSince: expect.any(Number) });
  });

  it('takes uploads through the function where signed URLs are unavailable (Storage emulator)', async () => {
    const { client: c } = await signIn();
    const issued = await c.post<{ uploadURL: string; headers?: unknown }>('/api/objects/upload', { kind: 'model' }, browser);
    expect(issued.status).toBe(200);
    expect(issued.body.uploadURL).toMatch(/^\/api\/objects\/upload\/[A-Za-z0-9_-]+$/);
    expect(issued.body.headers).toBeUndefined();

    recorded.length = 0;
    const file = glb(2048);
    const put = await client().request<{ url: string }>('PUT', issued.body.uploadURL, {
      body: file,
      headers: { 'content-type': 'model/gltf-binary' },
    });
    expect(put.status).toBe(201);
    const key = /\/o\/(models%2F[A-Za-z0-9]+\.glb)\?alt=media$/.exec(put.body.url)?.[1];
    expect(put.body.url.startsWith(`http://${process.env.FIREBASE_STORAGE_EMULATOR_HOST}/v0/b/${bucket}/o/`)).toBe(true);
    expect(key).toBeDefined();
    const upload = recorded.find((r) => r.url.startsWith(`/upload/storage/v1/b/${bucket}/o`));
    expect(new URL(upload?.url ?? '', 'http://x').searchParams.get('name')).toBe(decodeURIComponent(key ?? ''));
    expect(
      multipartMedia(upload?.body ?? Buffer.alloc(0), 'boundary=' + (/^--([^\r]+)/.exec(upload?.body.toString('latin1') ?? '')?.[1] ?? '')),
    ).toEqual(file);

    const wrong = await c.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' }, browser);
    const refused = await client().request<{ message: string }>('PUT', wrong.body.uploadURL, {
      body: Buffer.from('<svg></svg>'.repeat(10)),
    });
    expect(refused.status).toBe(415);
  });
  it('optimises a saved model in the optimizeModel trigger, after the save has answered, and only while it is pending', async () => {
    const { client: c } = await signIn();
    const fixture = await variantsModel();
    const issued = await c.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' }, browser);
    const put = await client().request<{ url: string }>('PUT', issued.body.uploadURL, {
      body: Buffer.from(fixture.glb),
      headers: { 'content-type': 'model/gltf-binary' },
    });
    expect(put.status).toBe(201);
    const created = await c.post<Model3d>(
      '/api/3d-models',
      { name: 'Hamptons doors', description: 'Shaker doors in three finishes', modelUrl: put.body.url },
      browser,
    );
    expect(created.status).toBe(201);
    // The function answered without optimising: Cloud Functions may stop an instance's work once it has answered.
    expect(created.body).toMatchObject({ processing: 'pending', modelUrl: put.body.url, originalUrl: put.body.url, variants: [] });

    const ref = db().doc(`models_3d/${created.body.id}`);
    const runTrigger = async () => {
      const after = await ref.get();
      await optimizeModel.run({ params: { id: created.body.id }, data: { before: after, after } } as unknown as Parameters<
        typeof optimizeModel.run
      >[0]);
      return after;
    };
    await runTrigger();
    const done = await ref.get();
    expect(done.get('processing')).toBe('done');
    expect(done.get('variants')).toEqual(['Oak', 'Walnut', 'White']);
    expect(done.get('stats')).toMatchObject({ originalBytes: fixture.glb.length, triangles: fixture.triangles });
    expect(decodeURIComponent(done.get('modelUrl') as string)).toMatch(/\/o\/models\/\w+-optimized\.glb\?alt=media$/);
    expect(decodeURIComponent(done.get('arUrl') as string)).toMatch(/\/o\/models\/\w+-ar\.glb\?alt=media$/);
    const made = [...stored.keys()].filter((name) => /^models\/\w+-(optimized|ar)\.glb$/.test(name));
    expect(made).toHaveLength(2);
    expect(stored.get(made.find((name) => name.endsWith('-optimized.glb'))!)?.media.toString('latin1')).toContain(
      'EXT_meshopt_compression',
    );

    // The trigger's own write runs it again: a model that is done is left as it is.
    const seen = await runTrigger();
    expect((await ref.get()).updateTime?.valueOf()).toBe(seen.updateTime?.valueOf());
    const listed = (await client().get<Model3d[]>('/api/3d-models')).body.find((model) => model.id === created.body.id);
    expect(listed).toMatchObject({ processing: 'done', variants: ['Oak', 'Walnut', 'White'] });
    expect((await c.request('DELETE', `/api/3d-models/${created.body.id}`, { headers: browser })).status).toBe(204);
    expect([...stored.keys()].filter((name) => made.includes(name))).toEqual([]);
  });

  it('adds a project from a photo uploaded through the function, processed before the answer, and lists it publicly once published', async () => {
    const { client: c } = await signIn();
    const issued = await c.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'photo', contentType: 'image/jpeg' }, browser);
    const photo = await roomPhoto({ seed: 'function', width: 1600, height: 1200 });
    const put = await client().request<{ url: string }>('PUT', issued.body.uploadURL, {
      body: photo,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(put.status, put.text).toBe(201);
    expect(decodeURIComponent(put.body.url)).toMatch(/\/o\/originals\/[A-Za-z0-9]+\.jpg\?alt=media$/);
    // The processed files went to photos/ in the bucket, the original stays under originals/.
    const names = [...stored.keys()];
    expect(names.filter((n) => n.startsWith('photos/')).sort()).toHaveLength(8);
    const input = {
      title: 'Kew Bathroom',
      category: 'bathroom',
      summary: 'A walk-in shower with terrazzo floors and brushed brass tapware.',
      photos: [{ url: put.body.url, alt: 'The walk-in shower' }],
      published: true,
    };
    const created = await c.post<Project>('/api/projects', input, browser);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ processing: false, photos: [{ width: 1600, height: 1200, alt: 'The walk-in shower' }] });
    const doc = await db().doc(`projects/${created.body.id}`).get();
    expect(doc.get('slug')).toBe('kew-bathroom');
    const list = await client().get<PublicProject[]>('/api/projects');
    expect(list.body.map((p) => p.title)).toEqual(['Kew Bathroom']);
    expect(list.body[0].photos[0].src).toContain(encodeURIComponent('photos/'));
    expect((await client().get<PublicProject>('/api/projects/kew-bathroom')).status).toBe(200);
    expect((await c.get<Project[]>('/api/projects/all')).body).toHaveLength(1);
  });

  it('renders /, /gallery, the project page and the sitemap with the published project, for Hosting to keep four minutes', async () => {
    const gallery = await fetch(`${pagesBase}/gallery`);
    expect(gallery.status).toBe(200);
    expect(gallery.headers.get('cache-control')).toBe(pagesCacheControl);
    expect(gallery.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await gallery.text()).toContain('href="/projects/kew-bathroom"');
    const home = await (await fetch(`${pagesBase}/`)).text();
    expect(home).toContain('id="site-data"');
    const page = await fetch(`${pagesBase}/projects/kew-bathroom`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<title>Kew Bathroom \| /);
    expect(html).toContain('A walk-in shower with terrazzo floors');
    // The photo comes from Cloud Storage, processed: no original.
    expect(html).toContain(encodeURIComponent('photos/'));
    expect(html).not.toContain(encodeURIComponent('originals/'));
    const sitemap = await (await fetch(`${pagesBase}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>[^<]+\/projects\/kew-bathroom<\/loc>/);
    const missing = await fetch(`${pagesBase}/projects/no-such-project`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe(pagesCacheControl);
    expect(await missing.text()).toContain('Page Not Found');
  });

  it('renders its pages again from Firestore once they are older than the render age: an edit shows without a deploy', async () => {
    const handler = await createFirebasePages(db(), { renderAgeMs: 0 });
    const fresh = express();
    fresh.all('/{*path}', (req, res) => void handler(req, res));
    freshFront = createServer(fresh);
    freshBase = `http://${await listen(freshFront)}`;
    expect(await (await fetch(`${freshBase}/projects/kew-bathroom`)).text()).toMatch(/<h1[^>]*>Kew Bathroom<\/h1>/);

    const { client: c } = await signIn();
    const [project] = (await c.get<Project[]>('/api/projects/all')).body;
    const input = {
      title: 'Kew Bathroom and Laundry',
      category: project.category,
      summary: project.summary,
      photos: project.photos.map(({ url, alt }) => ({ url, alt })),
      published: true,
    };
    expect((await c.put(`/api/projects/${project.id}`, input)).status).toBe(200);
    // The same address (a project keeps its slug), the new title in the first HTML.
    expect(await (await fetch(`${freshBase}/projects/kew-bathroom`)).text()).toMatch(/<h1[^>]*>Kew Bathroom and Laundry<\/h1>/);
    // Unpublished: gone from the gallery and its page is not found.
    expect((await c.put(`/api/projects/${project.id}`, { ...input, published: false })).status).toBe(200);
    expect(await (await fetch(`${freshBase}/gallery`)).text()).not.toContain('/projects/kew-bathroom');
    expect((await fetch(`${freshBase}/projects/kew-bathroom`)).status).toBe(404);
    expect((await c.put(`/api/projects/${project.id}`, input)).status).toBe(200);
  });

  it('renders every public page with the business settings from Firestore: a saved change shows at the next render, without a deploy', async () => {
    // freshBase renders on every request (render age 0), as an instance does once its pages are older than the render age.
    const before = await (await fetch(`${freshBase}/`)).text();
    expect(before).toContain('id="site-data"');
    expect(before).toContain('Transform Your Kitchen &amp; Bathroom');

    const { client: c } = await signIn();
    const { version, settings } = (await c.get<CurrentSettings>('/api/settings')).body;
    const saved = await c.put<CurrentSettings>('/api/settings', {
      version,
      business: { ...settings.business, phone: '(03) 9123 4567', brand: 'Kew Cabinetry', siteUrl: 'https://www.kewcabinetry.com.au' },
      currentPassword: admin.password,
    });
    expect(saved.status).toBe(200);
    const texts = { ...settings.texts, heroHeadline: 'Cabinetry Made in Kew' };
    expect((await c.put('/api/settings', { version: saved.body.version, texts })).status).toBe(200);

    const home = await fetch(`${freshBase}/`);
    expect(home.headers.get('cache-control')).toBe(pagesCacheControl);
    const html = await home.text();
    expect(html).toContain('Cabinetry Made in Kew');
    expect(html).toContain('href="tel:+61391234567"');
    expect(html).toContain('"telephone":"+61391234567"');
    // Staff recipients never reach a page.
    expect(html).not.toContain('office@example.com');
    expect(await (await fetch(`${freshBase}/about`)).text()).toContain('<title>About Us | Kew Cabinetry</title>');
    expect(await (await fetch(`${freshBase}/privacy`)).text()).toContain('>(03) 9123 4567<');
    expect(await (await fetch(`${freshBase}/robots.txt`)).text()).toContain('Sitemap: https://www.kewcabinetry.com.au/sitemap.xml');
    expect(await (await fetch(`${freshBase}/sitemap.xml`)).text()).toContain('<loc>https://www.kewcabinetry.com.au/services</loc>');
    const missing = await fetch(`${freshBase}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('>(03) 9123 4567<');
  });

  // Last, so the queries of every test above are recorded too.
  it('asks Firestore only for queries whose composite indexes firestore.indexes.json declares, and declares no other', async () => {
    const { client: c } = await signIn();
    await client().post('/api/review', { customerName: 'Jo Smith', rating: 5, reviewText: 'A lovely new kitchen, thank you.' }, browser);
    for (const path of [
      '/api/reviews',
      '/api/3d-models',
      '/api/projects',
      '/api/projects/all',
      '/api/projects/kew-bathroom',
      '/api/project-inquiries?limit=1',
      '/api/quote-requests?limit=1',
      // The lead lists' status filter, search, and both (each with its count and its next page).
      '/api/project-inquiries?limit=1&status=new',
      '/api/project-inquiries?limit=1&q=ava',
      '/api/project-inquiries?limit=1&status=new&q=ava',
      '/api/quote-requests?limit=1&status=new',
      '/api/quote-requests?limit=1&q=jack',
      '/api/quote-requests?limit=1&status=new&q=jack',
      // The overdue leads, by their follow-up time.
      '/api/project-inquiries?limit=1&overdue=1',
      '/api/quote-requests?limit=1&overdue=1',
      '/api/leads/stats',
      // The Sources view: counts per channel and status over a period, and the period's leads for campaigns.
      '/api/leads/sources?from=2025-01-01T00:00:00.000Z&to=2025-12-31T00:00:00.000Z',
      '/api/reviews/all?limit=1',
      '/api/visitors?limit=1',
      `/api/visitors/daily?days=30&timeZone=${businessTimeZone}`,
      '/api/messages/status',
      // The Privacy tool: a person's leads through the search tokens, reviews through their private emails, messages by recipient and lead.
      '/api/privacy/records?email=ava%40example.com',
      '/api/privacy/records?phone=0400123456',
      // Booking: the free times (booked visits by start, blocks), the Calendar tab's week and the private feed.
      '/api/booking/availability?postcode=3070',
      '/api/bookings?from=2025-01-01T00:00:00.000Z&to=2025-02-01T00:00:00.000Z',
    ]) {
      const first = await c.get(path);
      expect(first.status, path).toBe(200);
      const next = first.headers.get('x-next-cursor');
      if (next)
        expect((await c.get(`${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(next)}`)).status, `${path} page 2`).toBe(
          200,
        );
    }
    // The daily maintenance job's clean-ups.
    // With lead retention on in the settings, it also reads won and lost leads by their last change.
    const retaining = await createFirebaseSite(firebaseServices(getApp()), readFirebaseEnv(process.env), {});
    const { version, settings } = await retaining.app.context.settings.current();
    await retaining.app.context.settings.update({ version, privacy: { ...settings.privacy, leadRetentionMonths: 24 } }, 'staff');
    await retaining.runJob('maintenance');
    // The scheduled follow-up reminders, with a staff address, on a Wednesday morning in Melbourne:
    // outside the business hours the job reads nothing, and this test must not depend on the hour it runs at.
    const wednesdayMorning = { now: () => new Date('2026-12-02T10:00:00+11:00') };
    await (
      await createFirebaseSite(firebaseServices(getApp()), readFirebaseEnv({ ...process.env, NOTIFY_EMAIL: 'office@example.com' }), {
        clock: wednesdayMorning,
      })
    ).runJob('follow-ups');
    // The scheduled review reminders, and the deletion of requests long expired.
    await (await createFirebaseSite(firebaseServices(getApp()), readFirebaseEnv(process.env), {})).runJob('review-reminders');
    // The scheduled booking reminders: booked visits whose reminder is due.
    await (await createFirebaseSite(firebaseServices(getApp()), readFirebaseEnv(process.env), {})).runJob('booking-reminders');
    // A lead's quotes, newest first (the quote builder and the customer's page).
    const quoted = await client().post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, email: 'quoted@example.com' }, browser);
    expect((await c.get(`/api/leads/inquiry/${quoted.body.id}/quotes`)).status).toBe(200);
    // Deleting a lead first deletes its customer's files, found by the lead.
    const doomed = await client().post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, email: 'deleted@example.com' }, browser);
    expect(doomed.status).toBe(201);
    expect((await c.delete(`/api/project-inquiry/${doomed.body.id}`)).status).toBe(204);
    expect((await db().collection('project_inquiries').doc(doomed.body.id).get()).exists).toBe(false);
    // `npm run admin -- delete NAME --firebase` ends the admin's sessions.
    await new Sessions(createFirestoreStore(getFirestore(getApp())), systemClock, { ttlSeconds: 0, idleSeconds: 0 }).endAllFor('someone');

    const declared = indexFile().indexes;
    const needs = queries.needs();
    expect(queries.queries.length).toBeGreaterThan(20);
    expect(needs.filter((need) => !declared.some((index) => serves(index, need))).map(describeNeed)).toEqual([]);
    const unused = declared.filter((index) => !needs.some((need) => serves(index, need)));
    expect(unused.map((index) => `${index.collectionGroup}: ${index.fields.map((f) => f.fieldPath).join(', ')}`)).toEqual([]);
    // Fields exempt from indexing are never filtered or ordered on.
    const queried = new Set(
      queries.queries.flatMap((q) =>
        [...JSON.stringify(q).matchAll(/"fieldPath":"([^"]+)"/g)].map((m) => `${q.from?.[0]?.collectionId}.${m[1]}`),
      ),
    );
    for (const override of indexFile().fieldOverrides) {
      expect(queried.has(`${override.collectionGroup}.${override.fieldPath}`), `${override.collectionGroup}.${override.fieldPath}`).toBe(
        false,
      );
    }
  });
});
