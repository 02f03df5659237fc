/**
 * Customer attachments in Firebase mode, on Google's Firestore emulator: the records
 * (lead_attachments, attachment_tickets, signing_keys) and the lead's list of files live in
 * Firestore; photos wait for the `processAttachment` trigger, which calls the same
 * `process` as here; the sweep, deletion with the lead, refusals; the composite indexes those
 * queries need are declared; and browsers may read none of these collections.
 *
 * The files are on local disk here: the Cloud Storage emulator cannot run on this machine
 * (it needs the Firebase CLI's Java emulator suite with Storage, which is not installed), so
 * the Cloud Storage object store's own calls (upload, download, delete) are not exercised.
 */
import { attachmentLimits, attachmentMessages, type Inquiry, type QuoteRequest } from '@site/domain';
import { assertFails, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPhoto } from '../src/demo/room-photos';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import { runMaintenance } from '../src/services/maintenance';
import { idOf, samplePdf, storedFiles, upload } from './attachments-support';
import { firestoreEmulatorHost, onEmulator } from './firestore-emulator';
import { describeNeed, indexFile, recordQueries, serves } from './firestore-indexes';
import { goodInquiry, goodQuote, startTestApp, type Client, type TestApp } from './harness';

const retention = { visitorRetentionDays: 90, auditRetentionDays: 365 };

describe.skipIf(!firestoreEmulatorHost)(onEmulator('customer attachments on Firestore'), () => {
  let t: TestApp;
  let staff: Client;
  let db: Firestore;
  let photo: Buffer;
  const queries = recordQueries();

  beforeAll(async () => {
    const projectId = `attachments-${process.pid}-${Date.now()}`;
    const app = initializeApp({ projectId }, projectId);
    db = getFirestore(app);
    db.settings({ host: firestoreEmulatorHost, ssl: false });
    // As the Cloud Function runs: no processing after the answer, the trigger does it.
    t = await startTestApp({}, () => createFirestoreStore(db, { onClose: () => deleteApp(app) }), undefined, undefined, {
      attachmentProcessing: { background: false },
    });
    staff = await t.adminClient();
    photo = await roomPhoto({ seed: 'firestore-attachment', orientation: 6 });
  }, 60_000);
  afterAll(async () => {
    queries.stop();
    await t?.close();
  });

  it('keeps a photo pending until its trigger runs, then the lead shows it processed, with its original gone', async () => {
    const client = t.client();
    const shot = await upload(client, photo, 'image/jpeg', 'IMG_0420.jpg');
    expect(shot.status).toBe(201);
    const plan = await upload(client, samplePdf(), 'application/pdf', 'plan.pdf');
    const id = idOf(shot.body.url);
    expect((await db.doc(`lead_attachments/${id}`).get()).data()).toMatchObject({ processing: 'pending', attached: false, kind: 'photo' });

    const res = await client.post<Inquiry>('/api/project-inquiry', {
      ...goodInquiry,
      attachments: [
        { url: shot.body.url, name: 'IMG_0420.jpg' },
        { url: plan.body.url, name: 'plan.pdf' },
      ],
    });
    expect(res.status).toBe(201);
    // The dashboard's Firestore listener reads the lead document itself: the list is on it.
    const pending = (await db.doc(`project_inquiries/${res.body.id}`).get()).data();
    expect(pending?.attachments).toMatchObject([
      { id, name: 'IMG_0420.jpg', kind: 'photo', processing: 'pending' },
      { id: idOf(plan.body.url), name: 'plan.pdf', kind: 'pdf' },
    ]);
    expect((await staff.get(`/api/attachments/${id}`)).status).toBe(409);

    await t.app.context.attachments.process(id);

    const lead = (await db.doc(`project_inquiries/${res.body.id}`).get()).data();
    expect(lead?.attachments[0]).toEqual({
      id,
      name: 'IMG_0420.jpg',
      kind: 'photo',
      contentType: 'image/jpeg',
      size: photo.length,
      url: `/api/attachments/${id}`,
      thumbnailUrl: `/api/attachments/${id}/thumbnail`,
      width: 1800,
      height: 2400,
      processing: 'done',
    });
    const listed = (await staff.get<Inquiry[]>('/api/project-inquiries?limit=200')).body.find((item) => item.id === res.body.id);
    expect(listed?.attachments?.[0]).toMatchObject({ processing: 'done', thumbnailUrl: `/api/attachments/${id}/thumbnail` });
    expect((await db.doc(`lead_attachments/${id}`).get()).get('key')).toBeUndefined();
    expect(storedFiles(t).filter((file) => file.startsWith(id))).toEqual([`${id}-full.webp`, `${id}-thumbnail.webp`]);

    const full = await fetch(`${t.url}/api/attachments/${id}`, { headers: { cookie: staff.cookie } });
    const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect([meta.format, meta.exif, meta.icc]).toEqual(['webp', undefined, undefined]);

    // A second run of the trigger (a retry, or its own write) leaves the done photo alone.
    await t.app.context.attachments.process(id);
    expect((await db.doc(`lead_attachments/${id}`).get()).get('processing')).toBe('done');
  });

  it('refuses a file already on another lead, storing nothing', async () => {
    const plan = await upload(t.client(), samplePdf(), 'application/pdf', 'plan.pdf');
    const first = await t
      .client()
      .post<QuoteRequest>('/api/quote-request', { ...goodQuote, attachments: [{ url: plan.body.url, name: 'plan.pdf' }] });
    expect(first.status).toBe(201);
    const before = (await db.collection('quote_requests').count().get()).data().count;
    const again = await t.client().post<{ errors: Record<string, string> }>('/api/quote-request', {
      ...goodQuote,
      attachments: [{ url: plan.body.url, name: 'plan.pdf' }],
    });
    expect(again.status).toBe(400);
    expect(again.body.errors.attachments).toBe(attachmentMessages.attachedElsewhere);
    expect((await db.collection('quote_requests').count().get()).data().count).toBe(before);
    expect((await db.doc(`lead_attachments/${idOf(plan.body.url)}`).get()).data()).toMatchObject({
      leadKind: 'quote',
      leadId: first.body.id,
    });
  });

  it('deletes a lead with its files and records', async () => {
    const plan = await upload(t.client(), samplePdf(), 'application/pdf', 'plan.pdf');
    const lead = await t
      .client()
      .post<QuoteRequest>('/api/quote-request', { ...goodQuote, attachments: [{ url: plan.body.url, name: 'plan.pdf' }] });
    const id = idOf(plan.body.url);
    expect(storedFiles(t)).toContain(`${id}.pdf`);
    expect((await staff.delete(`/api/quote-request/${lead.body.id}`)).status).toBe(204);
    expect((await db.doc(`lead_attachments/${id}`).get()).exists).toBe(false);
    expect(storedFiles(t)).not.toContain(`${id}.pdf`);
  });

  it('sweeps uploads never attached after 24 hours, and spent upload URLs', async () => {
    const orphan = await upload(t.client(), samplePdf(), 'application/pdf', 'orphan.pdf');
    const id = idOf(orphan.body.url);
    await runMaintenance(t.app.context.store, t.app.context.uploads, t.clock, retention, t.app.context.attachments);
    expect((await db.doc(`lead_attachments/${id}`).get()).exists).toBe(true);
    t.clock.advance(attachmentLimits.unattachedLifetimeMs + 60_000);
    const report = await runMaintenance(t.app.context.store, t.app.context.uploads, t.clock, retention, t.app.context.attachments);
    expect(report.attachments).toBeGreaterThanOrEqual(1);
    expect((await db.doc(`lead_attachments/${id}`).get()).exists).toBe(false);
    expect(storedFiles(t)).not.toContain(`${id}.pdf`);
    expect((await db.collection('attachment_tickets').count().get()).data().count).toBe(0);
    // Attached files stay.
    expect((await db.collection('lead_attachments').where('attached', '==', true).count().get()).data().count).toBeGreaterThan(0);
  });

  it('signs links with one key kept in Firestore, so every instance of the function agrees', async () => {
    const plan = await upload(t.client(), samplePdf(), 'application/pdf', 'plan.pdf');
    await t.client().post('/api/quote-request', { ...goodQuote, attachments: [{ url: plan.body.url, name: 'plan.pdf' }] });
    const link = await staff.post<{ url: string }>(`/api/attachments/${idOf(plan.body.url)}/link`);
    expect(link.status).toBe(200);
    expect((await t.client().get(link.body.url)).status).toBe(200);
    expect((await db.doc('signing_keys/links').get()).get('secret')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('asks only for queries whose composite indexes firestore.indexes.json declares', () => {
    const declared = indexFile().indexes;
    const needs = queries
      .needs()
      .filter((need) => need.collectionGroup === 'lead_attachments' || need.collectionGroup === 'attachment_tickets');
    expect(needs.map(describeNeed).sort()).toEqual([
      'lead_attachments: attached ==, createdAt ASCENDING',
      'lead_attachments: leadId ==, createdAt ASCENDING',
    ]);
    expect(needs.filter((need) => !declared.some((index) => serves(index, need))).map(describeNeed)).toEqual([]);
  });
});

describe.skipIf(!firestoreEmulatorHost)(onEmulator('firestore.rules for attachments'), () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    const [hostname, port] = (firestoreEmulatorHost ?? '').split(':');
    env = await initializeTestEnvironment({
      projectId: `attachments-rules-${process.pid}`,
      firestore: { rules: readFileSync(join(import.meta.dirname, '../../firestore.rules'), 'utf8'), host: hostname, port: Number(port) },
    });
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore();
      await db.doc('lead_attachments/a1').set({ name: 'plan.pdf', kind: 'pdf', attached: true, leadId: 'i1', key: 'attachments/a1.pdf' });
      await db.doc('attachment_tickets/t1').set({ name: 'plan.pdf', used: false });
      await db.doc('signing_keys/links').set({ secret: 'x' });
      await db.doc('users/u1').set({ username: 'staff' });
    });
  });
  afterAll(() => env?.cleanup());

  it('lets no browser read or write attachment records, upload URLs or signing keys, not even the admin', async () => {
    const admin = env.authenticatedContext('u1', { admin: true }).firestore();
    const visitor = env.unauthenticatedContext().firestore();
    for (const db of [admin, visitor]) {
      await assertFails(db.doc('lead_attachments/a1').get());
      await assertFails(db.collection('lead_attachments').get());
      await assertFails(db.doc('attachment_tickets/t1').get());
      await assertFails(db.doc('signing_keys/links').get());
      await assertFails(db.doc('lead_attachments/a2').set({ name: 'x', attached: false }));
    }
  });
});
