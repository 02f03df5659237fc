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
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorProject } from '@site/test-support/stores';
import type { Firestore } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import { roomPhoto } from '../src/demo/room-photos';
import { runMaintenance } from '../src/services/maintenance';
import { imageSizeProblem } from '../src/services/photo-pipeline';
import { uploadQuotaMessages } from '../src/services/upload-quota';
import { idOf, samplePdf, storedFiles, upload } from './attachments-support';
import { describeNeed, indexFile, recordQueries, serves } from './firestore-indexes';
import { goodInquiry, goodQuote, startTestApp, type Client, type TestApp } from './harness';
import { line59Megapixels } from './hostile-images';

const retention = { visitorRetentionDays: 90, auditRetentionDays: 365 };

describe.skipIf(!firestoreEmulatorHost)(onEmulator('customer attachments on Firestore'), () => {
  let t: TestApp;
  let staff: Client;
  let db: Firestore;
  let photo: Buffer;
  const queries = recordQueries();

  beforeAll(async () => {
    const project = emulatorProject('attachments');
    db = project.db;
    // As the Cloud Function runs: no processing after the answer, the trigger does it.
    t = await startTestApp({}, project.store, undefined, undefined, { jobs: [] });
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
    await runMaintenance(t.app.store, t.app.context.uploads, t.clock, retention, t.app.context.attachments);
    expect((await db.doc(`lead_attachments/${id}`).get()).exists).toBe(true);
    t.clock.advance(attachmentLimits.unattachedLifetimeMs + 60_000);
    const report = await runMaintenance(t.app.store, t.app.context.uploads, t.clock, retention, t.app.context.attachments);
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
    const opened = await t.client().get(link.body.url);
    expect(opened.status).toBe(200);
    // A download in a sandbox, as from the session route.
    expect(opened.headers.get('content-disposition')).toBe('attachment; filename="plan.pdf"');
    expect(opened.headers.get('content-security-policy')).toBe('sandbox');
    const bySession = await staff.request('GET', `/api/attachments/${idOf(plan.body.url)}`);
    expect(bySession.headers.get('content-disposition')).toBe('attachment; filename="plan.pdf"');
    expect(bySession.headers.get('content-security-policy')).toBe('sandbox');
    expect((await db.doc('signing_keys/links').get()).get('secret')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a 1 × 59,000,000 photo from its header with 400 and the reason, recording nothing', async () => {
    const before = (await db.collection('lead_attachments').count().get()).data().count;
    const res = await upload(t.client(), line59Megapixels(), 'image/png', 'line.png');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: imageSizeProblem(1, 59_000_000) });
    expect((await db.collection('lead_attachments').count().get()).data().count).toBe(before);
  });

  it('counts uploads per address and the unattached total in Firestore, for every instance: 429 and 507', async () => {
    const kb = 1024;
    const pdfOf = (bytes: number) => samplePdf(bytes - samplePdf().length);
    const store = () => createFirestoreStore(db);
    // This address uploaded in the tests above: its count starts again. The sweep sets the
    // unattached total from the records.
    await Promise.all((await db.collection('upload_quotas').get()).docs.map((doc) => doc.ref.delete()));
    await runMaintenance(t.app.store, t.app.context.uploads, t.clock, retention, t.app.context.attachments);
    const unattached = await db.collection('lead_attachments').where('attached', '==', false).get();
    const earlier = unattached.docs.reduce((sum, doc) => sum + (doc.get('size') as number), 0);
    expect((await db.doc('upload_quotas/unattached').get()).get('bytes')).toBe(earlier);
    // Two instances of the function on the same database, each with the limits of a small site.
    const options = { attachmentBytesPerDay: 1024 * kb, attachmentStorageBytes: earlier + 1536 * kb };
    const first = await startTestApp(options, store, undefined, undefined, { jobs: [] });
    const second = await startTestApp(options, store, undefined, undefined, { jobs: [] });
    try {
      for (const name of ['a.pdf', 'b.pdf'])
        expect((await upload(first.client(), pdfOf(400 * kb), 'application/pdf', name)).status).toBe(201);
      // The other instance sees this address's 800 KB.
      const refused = await second.client().post<{ message: string }>('/api/attachments/upload-url', {
        contentType: 'application/pdf',
        name: 'c.pdf',
        size: 400 * kb,
      });
      expect(refused.status).toBe(429);
      // Within the day's window, never past it.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 3600);
      expect(refused.body.message).toMatch(/^This connection has uploaded as much as we take in a day \(1 MB\)/);
      const clients = (await db.collection('upload_quotas').get()).docs.filter((doc) => doc.id.startsWith('client:'));
      // The address is kept hashed, never as it is.
      expect(clients.map((doc) => [doc.id, doc.get('bytes')])).toEqual([[expect.stringMatching(/^client:[A-Za-z0-9_-]{43}$/), 800 * kb]]);
      expect((await db.doc('upload_quotas/unattached').get()).get('bytes')).toBe(earlier + 800 * kb);

      // A day later the address may upload again, but not past the unattached total.
      first.clock.advance(25 * 3600 * 1000);
      second.clock.advance(25 * 3600 * 1000);
      expect((await upload(first.client(), pdfOf(600 * kb), 'application/pdf', 'd.pdf')).status).toBe(201);
      const full = await upload(second.client(), pdfOf(200 * kb), 'application/pdf', 'e.pdf').catch((error: Error) => error.message);
      expect(full).toMatch(/^upload-url 507 /);
      expect(full).toContain(uploadQuotaMessages.full);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('asks only for queries whose composite indexes firestore.indexes.json declares', () => {
    const declared = indexFile().indexes;
    const needs = queries
      .needs()
      .filter((need) => ['lead_attachments', 'attachment_tickets', 'upload_quotas'].includes(need.collectionGroup));
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
      await db.doc('upload_quotas/unattached').set({ bytes: 1000, updatedAt: '2026-11-26T00:00:00.000Z' });
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
      await assertFails(db.doc('upload_quotas/unattached').get());
      await assertFails(db.doc('upload_quotas/unattached').set({ bytes: 0 }));
      await assertFails(db.doc('lead_attachments/a2').set({ name: 'x', attached: false }));
    }
  });
});
