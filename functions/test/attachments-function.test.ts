/**
 * Customer attachments through the Cloud Functions entry (src/index.ts), as Cloud Functions
 * runs it: the `api` handler behind an Express front that reads every body first (raw bytes
 * in `rawBody`, up to 32 MB), and the `processAttachment` trigger. Firestore is Google's
 * emulator. The Cloud Storage emulator cannot run on this machine (the Firebase CLI's
 * emulator suite is not installed), so @site/test-support's stand-in answers the Storage JSON
 * API calls the Cloud Storage object store makes (upload, metadata, download, delete): the
 * adapter's own code runs, against a stand-in.
 */
import type { AttachmentUploadUrl, Inquiry, UploadedAttachment } from '@site/domain';
import { startCloudStorageStandIn, type CloudStorageStandIn } from '@site/test-support/cloud-storage';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import express from 'express';
import { deleteApp, getApps } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Request as FunctionsRequest } from 'firebase-functions/v2/https';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exifReveals, roomPhoto } from '../src/demo/room-photos';
import { api, processAttachment } from '../src/index';
import { idOf, samplePdf } from './attachments-support';
import { Client, goodInquiry } from './harness';

const projectId = `demo-attachments-fn-${process.pid}`;
const bucket = `${projectId}.appspot.com`;
const origin = `https://${projectId}.web.app`;
const admin = { username: 'staff', password: 'correct horse battery staple' };
const browser = { origin };

let storage: CloudStorageStandIn;
/** What the Storage stand-in holds, by object name. */
let stored: CloudStorageStandIn['stored'];
let front: Server;
let base: string;

const listen = (server: Server) =>
  new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`127.0.0.1:${(server.address() as AddressInfo).port}`)));

const infoLog = vi.spyOn(console, 'info').mockImplementation(() => undefined);

beforeAll(async () => {
  if (!firestoreEmulatorHost) return;
  storage = await startCloudStorageStandIn(bucket);
  stored = storage.stored;
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
  runtime.use(express.raw({ type: '*/*', limit: '32mb', verify: rawBody }));
  runtime.all('/{*path}', (req, res) => api(req as FunctionsRequest, res));
  front = createServer(runtime);
  base = `http://${await listen(front)}`;
});

afterAll(async () => {
  front?.closeAllConnections();
  await new Promise((done) => front?.close(done));
  await storage?.close();
  await Promise.all(getApps().map((app) => deleteApp(app)));
  infoLog.mockRestore();
});

const client = () => new Client(base);

async function upload(c: Client, file: Buffer, contentType: string, name: string) {
  const ticket = await c.post<AttachmentUploadUrl>('/api/attachments/upload-url', { contentType, name, size: file.length }, browser);
  expect(ticket.status).toBe(200);
  expect(ticket.body.uploadURL).toMatch(/^\/api\/attachments\/upload\//);
  return c.request<UploadedAttachment>('PUT', ticket.body.uploadURL, { body: file, headers: ticket.body.headers });
}

describe.skipIf(!firestoreEmulatorHost)(onEmulator('attachments through the Cloud Function'), () => {
  it('takes uploads through the api function, leaves processing to processAttachment, and serves only the processed photo', async () => {
    const c = client();
    const photo = await roomPhoto({ seed: 'function-attachment', orientation: 6 });
    const shot = await upload(c, photo, 'image/jpeg', 'IMG_7001.jpg');
    expect(shot.status).toBe(201);
    const plan = await upload(c, samplePdf(2000), 'application/pdf', 'plan.pdf');
    expect(plan.status).toBe(201);
    const [photoId, planId] = [idOf(shot.body.url), idOf(plan.body.url)];
    // The original with its GPS position is in the bucket, under a folder storage.rules never serve.
    expect(exifReveals((await sharp(stored.get(`attachments/${photoId}.jpg`)!.media).metadata()).exif).gps).toBe(true);

    const res = await c.post<Inquiry>(
      '/api/project-inquiry',
      {
        ...goodInquiry,
        attachments: [
          { url: shot.body.url, name: 'IMG_7001.jpg' },
          { url: plan.body.url, name: 'plan.pdf' },
        ],
      },
      browser,
    );
    expect(res.status).toBe(201);
    const ref = getFirestore().doc(`lead_attachments/${photoId}`);
    // The function answered without processing: Cloud Functions may stop an instance's work once it has answered.
    expect((await ref.get()).get('processing')).toBe('pending');

    const runTrigger = async () => {
      const after = await ref.get();
      await processAttachment.run({ params: { id: photoId }, data: { before: after, after } } as unknown as Parameters<
        typeof processAttachment.run
      >[0]);
      return after;
    };
    await runTrigger();
    expect((await ref.get()).data()).toMatchObject({ processing: 'done', width: 1800, height: 2400 });
    expect([...stored.keys()].filter((key) => key.startsWith(`attachments/${photoId}`)).sort()).toEqual([
      `attachments/${photoId}-full.webp`,
      `attachments/${photoId}-thumbnail.webp`,
    ]);
    // The trigger's own write runs it again: a processed photo is left as it is.
    const seen = await runTrigger();
    expect((await ref.get()).updateTime?.valueOf()).toBe(seen.updateTime?.valueOf());

    const staff = client();
    expect((await staff.post('/api/login', admin, browser)).status).toBe(200);
    const lead = (await getFirestore().doc(`project_inquiries/${res.body.id}`).get()).get('attachments') as Array<{ processing?: string }>;
    expect(lead.map((item) => item.processing)).toEqual(['done', undefined]);
    const full = await fetch(`${base}/api/attachments/${photoId}`, { headers: { cookie: staff.cookie } });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1800, 2400, undefined]);
    const pdf = await staff.get(`/api/attachments/${planId}`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect((await client().get(`/api/attachments/${photoId}`)).status).toBe(401);

    // The staff email in the Trigger Email extension's collection lists the files.
    const mail = (await getFirestore().collection('mail').where('leadId', '==', res.body.id).get()).docs
      .map((doc) => doc.data() as { audience: string; message: { text: string } })
      .find((doc) => doc.audience === 'staff');
    expect(mail?.message.text).toMatch(/Attachments: IMG_7001\.jpg \(\d\.\d MB\)\nplan\.pdf \(\d\.\d KB\)/);

    // Deleting the lead deletes the files in the bucket.
    expect((await staff.request('DELETE', `/api/project-inquiry/${res.body.id}`, { headers: browser })).status).toBe(204);
    expect([...stored.keys()].filter((key) => key.includes(photoId) || key.includes(planId))).toEqual([]);
  });
});
