import {
  attachmentLimits,
  attachmentMessages,
  type AttachmentUploadUrl,
  type Inquiry,
  type LeadAttachment,
  type QuoteRequest,
} from '@site/domain';
import { mkdtempSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import { exifReveals, roomPhoto } from '../src/demo/room-photos';
import { leadMessages, loadEmailLayouts, messageHtml } from '../src/services/lead-messages';
import { largerThanDeclared } from '../src/services/attachments';
import { runMaintenance } from '../src/services/maintenance';
import { imageSizeProblem } from '../src/services/photo-pipeline';
import { uploadQuotaMessages } from '../src/services/upload-quota';
import { idOf, samplePdf, storedFiles, upload } from './attachments-support';
import { glb, goodInquiry, goodQuote, startTestApp, testMessageSettings, until, type Client, type TestApp } from './harness';
import { line59Megapixels, tallScreenshot, thinLine, tooManyPixels } from './hostile-images';

const retention = { visitorRetentionDays: 90, auditRetentionDays: 365 };

describe('customer attachments (embedded: SQLite and local disk)', () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await startTestApp();
    // Some emails below are composed here, not through the app.
    await loadEmailLayouts();
    // A phone's 12-megapixel photo held upright: EXIF orientation 6, camera and GPS position in its EXIF.
    photo = await roomPhoto({ seed: 'attachment', orientation: 6 });
  }, 60_000);
  afterAll(() => t.close());

  describe('upload URLs', () => {
    it('are single-use API paths, PUT with the content type', async () => {
      const res = await t
        .client()
        .post<AttachmentUploadUrl>('/api/attachments/upload-url', { contentType: 'image/jpeg', name: 'kitchen.jpg', size: 4_000_000 });
      expect(res.status).toBe(200);
      expect(res.body.uploadURL).toMatch(/^\/api\/attachments\/upload\/[A-Za-z0-9_-]{20,100}$/);
      expect(res.body).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/jpeg' } });
    });

    it.each([
      [{ contentType: 'image/gif', name: 'a.gif', size: 10 }, 'contentType', attachmentMessages.wrongType],
      [{ contentType: 'image/heic', name: 'IMG_0001.HEIC', size: 10 }, 'contentType', attachmentMessages.heic],
      [{ contentType: 'text/html', name: 'a.html', size: 10 }, 'contentType', attachmentMessages.wrongType],
      [{ contentType: 'application/pdf', name: 'plan.pdf', size: attachmentLimits.maxBytes + 1 }, 'size', attachmentMessages.tooLarge],
      [{ contentType: 'application/pdf', name: 'plan.pdf', size: 0 }, 'size', attachmentMessages.empty],
      [{ contentType: 'application/pdf', name: 'plan.pdf', size: 1.5 }, 'size', attachmentMessages.sizeInvalid],
      [{ contentType: 'application/pdf', name: '', size: 10 }, 'name', attachmentMessages.nameRequired],
      [{ contentType: 'application/pdf', name: 'plan\u0000.pdf', size: 10 }, 'name', attachmentMessages.nameNotAllowed],
      [{ contentType: 'application/pdf', name: 'x'.repeat(201), size: 10 }, 'name', attachmentMessages.nameTooLong],
    ])('refuse %j with 400 and the field message', async (input, field, message) => {
      const res = await t.client().post<{ errors: Record<string, string> }>('/api/attachments/upload-url', input);
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toBe(message);
    });

    it('refuse another site', async () => {
      const res = await t
        .client()
        .post('/api/attachments/upload-url', { contentType: 'image/jpeg', name: 'a.jpg', size: 10 }, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
    });

    it('are limited per client: 429 with Retry-After past the limit', async () => {
      const limited = await startTestApp({ attachmentRateLimit: 3 });
      limited.clock.toWindowStart();
      try {
        const ask = () => limited.client().post('/api/attachments/upload-url', { contentType: 'image/png', name: 'a.png', size: 10 });
        for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
        const refused = await ask();
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await limited.app.store.attachmentTickets.count()).toBe(3);
      } finally {
        await limited.close();
      }
    });
  });

  describe('uploads', () => {
    it('answer a photo at once with an opaque reference, then process it in the background', async () => {
      const res = await upload(t.client(), photo, 'image/jpeg', 'kitchen.jpg');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        url: expect.stringMatching(/^\/api\/attachments\/[A-Za-z0-9_-]+$/),
        name: 'kitchen.jpg',
        kind: 'photo',
        contentType: 'image/jpeg',
        size: photo.length,
      });
      // Not public: nothing under /objects, and the API path wants an admin.
      expect((await t.client().get(res.body.url)).status).toBe(401);
      const id = res.body.url.split('/').pop()!;
      expect((await t.client().get(`/objects/attachments/${id}.jpg`)).status).toBe(404);
      const done = await until(async () => {
        const record = await t.app.store.attachments.get(id);
        return record?.processing === 'done' && record;
      }, 'the photo to be processed');
      expect([done.width, done.height]).toEqual([1800, 2400]);
      // The original with its GPS position is gone once processed.
      expect(done.key).toBeUndefined();
      expect(storedFiles(t).filter((file) => file.startsWith(id))).toEqual([`${id}-full.webp`, `${id}-thumbnail.webp`]);
    });

    it('take a PDF plan by its content, whatever its name', async () => {
      const pdf = samplePdf(5000);
      const res = await upload(t.client(), pdf, 'application/pdf', 'site plan.pdf');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'site plan.pdf', kind: 'pdf', contentType: 'application/pdf', size: pdf.length });
    });

    it('decide the type by content: an HTML page named .jpg is 415, a PDF without its end is 400, a HEIC photo 415', async () => {
      const html = await upload(t.client(), Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg', 'photo.jpg');
      expect(html.status).toBe(415);
      expect(html.body).toMatchObject({ message: attachmentMessages.wrongType });

      const truncated = samplePdf().subarray(0, 60);
      const pdf = await upload(t.client(), truncated, 'application/pdf', 'plan.pdf');
      expect(pdf.status).toBe(400);
      expect(pdf.body).toMatchObject({ message: attachmentMessages.unreadablePdf });

      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(100)]);
      const refused = await upload(t.client(), heic, 'image/jpeg', 'IMG_0001.jpg');
      expect(refused.status).toBe(415);
      expect(refused.body).toMatchObject({ message: attachmentMessages.heic });

      const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
      const unreadable = await upload(t.client(), broken, 'image/jpeg', 'broken.jpg');
      expect(unreadable.status).toBe(400);
      expect(unreadable.body).toMatchObject({ message: attachmentMessages.unreadablePhoto });
    });

    it('count the size while streaming: over 20 MB is 413 and nothing is kept', async () => {
      const before = await t.app.store.attachments.count();
      const files = storedFiles(t).length;
      const big = samplePdf(attachmentLimits.maxBytes);
      // Said to be 1 MB, and the body says its own length too: both are only claims.
      const res = await upload(t.client(), big, 'application/pdf', 'huge.pdf', 1_000_000);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ message: attachmentMessages.tooLarge });
      expect(await t.app.store.attachments.count()).toBe(before);
      expect(storedFiles(t)).toHaveLength(files);
    });

    it('refuse an empty file, a used URL, an unknown URL and an expired one', async () => {
      const client = t.client();
      const empty = await upload(client, Buffer.alloc(0), 'application/pdf', 'empty.pdf', 100);
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ message: attachmentMessages.empty });

      const ticket = await client.post<AttachmentUploadUrl>('/api/attachments/upload-url', {
        contentType: 'application/pdf',
        name: 'a.pdf',
        size: 200,
      });
      expect((await client.request('PUT', ticket.body.uploadURL, { body: samplePdf() })).status).toBe(201);
      const again = await client.request('PUT', ticket.body.uploadURL, { body: samplePdf() });
      expect(again.status).toBe(403);
      expect(again.body).toMatchObject({ message: 'Upload URL has already been used' });

      const unknown = await client.request('PUT', '/api/attachments/upload/abcdefghijklmnopqrstuvwxyz', { body: samplePdf() });
      expect(unknown.status).toBe(404);

      const late = await client.post<AttachmentUploadUrl>('/api/attachments/upload-url', {
        contentType: 'application/pdf',
        name: 'a.pdf',
        size: 200,
      });
      t.clock.advance(attachmentLimits.ticketLifetimeMs + 1000);
      const expired = await client.request('PUT', late.body.uploadURL, { body: samplePdf() });
      expect(expired.status).toBe(403);
      expect(expired.body).toMatchObject({ message: 'Upload URL has expired' });
    });
  });

  describe('on a lead', () => {
    let admin: Client;
    beforeAll(async () => {
      admin = await t.adminClient();
    });

    it('an inquiry keeps its photos and plans; staff see them, processed, with no GPS or camera data', async () => {
      const client = t.client();
      const shot = await upload(client, photo, 'image/jpeg', 'IMG_2041.jpg');
      const plan = await upload(client, samplePdf(1000), 'application/pdf', 'floor plan.pdf');
      const res = await client.post<Inquiry>('/api/project-inquiry', {
        ...goodInquiry,
        email: 'files@example.com',
        attachments: [
          { url: shot.body.url, name: 'Kitchen now.jpg' },
          { url: plan.body.url, name: 'floor plan.pdf' },
        ],
      });
      expect(res.status).toBe(201);
      const [photoId, planId] = [shot.body.url, plan.body.url].map((url) => url.split('/').pop()!);

      const listed = await until(async () => {
        const leads = (await admin.get<Inquiry[]>('/api/project-inquiries?limit=200')).body;
        const lead = leads.find((item) => item.id === res.body.id);
        return lead?.attachments?.[0]?.processing === 'done' && lead;
      }, 'the lead to show the processed photo');
      expect(listed.attachments).toEqual<LeadAttachment[]>([
        {
          id: photoId,
          name: 'Kitchen now.jpg',
          kind: 'photo',
          contentType: 'image/jpeg',
          size: photo.length,
          url: `/api/attachments/${photoId}`,
          thumbnailUrl: `/api/attachments/${photoId}/thumbnail`,
          width: 1800,
          height: 2400,
          processing: 'done',
        },
        {
          id: planId,
          name: 'floor plan.pdf',
          kind: 'pdf',
          contentType: 'application/pdf',
          size: plan.body.size,
          url: `/api/attachments/${planId}`,
        },
      ]);

      const full = await admin.request('GET', `/api/attachments/${photoId}`);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/webp');
      expect(full.headers.get('cache-control')).toMatch(/^private/);
      expect(full.headers.get('x-content-type-options')).toBe('nosniff');
      expect(full.headers.get('content-disposition')).toBe('inline; filename="Kitchen now.webp"');
      const bytes = Buffer.from(
        await (await fetch(`${t.url}/api/attachments/${photoId}`, { headers: { cookie: admin.cookie } })).arrayBuffer(),
      );
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1800, 2400]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(exifReveals(meta.exif)).toEqual({ gps: false, camera: false });
      expect(bytes.includes(Buffer.from('iPhone'))).toBe(false);

      const thumbnail = await fetch(`${t.url}/api/attachments/${photoId}/thumbnail`, { headers: { cookie: admin.cookie } });
      const thumbMeta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
      expect([thumbMeta.width, thumbMeta.height, thumbMeta.exif]).toEqual([360, 480, undefined]);

      const pdf = await admin.request('GET', `/api/attachments/${planId}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      // A download, never shown in the site's origin, and sandboxed if opened all the same.
      expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="floor plan.pdf"');
      expect(pdf.headers.get('content-security-policy')).toBe('sandbox');
      expect(full.headers.get('content-security-policy')).toBe('sandbox');
      expect(pdf.text.startsWith('%PDF-1.7')).toBe(true);
      expect((await admin.get(`/api/attachments/${planId}/thumbnail`)).status).toBe(404);

      // Nobody else: no session, a customer's own browser, an unknown id.
      expect((await t.client().get(`/api/attachments/${photoId}`)).status).toBe(401);
      expect((await client.get(`/api/attachments/${planId}`)).status).toBe(401);
      expect((await admin.get('/api/attachments/nosuchattachment')).status).toBe(404);

      const staffEmail = leadMessages({ kind: 'inquiry', record: res.body }, testMessageSettings, new Date()).find(
        (message) => message.audience === 'staff' && message.channel === 'email',
      );
      expect(staffEmail?.text).toContain(`Attachments: Kitchen now.jpg (${(photo.length / 1024 / 1024).toFixed(1)} MB)\nfloor plan.pdf (`);
      expect(staffEmail && messageHtml(staffEmail)).toContain(`/admin?tab=inquiries&amp;lead=${res.body.id}"`);
      expect(staffEmail?.text).not.toContain('/api/attachments/');
    });

    it('a quote request takes them too', async () => {
      const plan = await upload(t.client(), samplePdf(), 'application/pdf', 'bathroom.pdf');
      const res = await t.client().post<QuoteRequest>('/api/quote-request', {
        ...goodQuote,
        attachments: [{ url: plan.body.url, name: 'bathroom.pdf' }],
      });
      expect(res.status).toBe(201);
      const stored = await t.app.store.quotes.get(res.body.id);
      expect(stored?.attachments?.map((item) => item.name)).toEqual(['bathroom.pdf']);
      const record = await t.app.store.attachments.get(plan.body.url.split('/').pop()!);
      expect(record).toMatchObject({ attached: true, leadKind: 'quote', leadId: res.body.id });
    });

    it('refuses unknown, foreign, already attached and too many files with 400, storing nothing', async () => {
      const client = t.client();
      const plan = await upload(client, samplePdf(), 'application/pdf', 'plan.pdf');
      const first = await client.post<Inquiry>('/api/project-inquiry', {
        ...goodInquiry,
        email: 'first@example.com',
        attachments: [{ url: plan.body.url, name: 'plan.pdf' }],
      });
      expect(first.status).toBe(201);
      const inquiries = await t.app.store.inquiries.count();
      const quotes = await t.app.store.quotes.count();
      const fresh = await upload(client, samplePdf(), 'application/pdf', 'other.pdf');

      const cases: Array<[unknown, string]> = [
        [[{ url: '/api/attachments/nosuchattachment', name: 'a.pdf' }], attachmentMessages.unknown],
        [[{ url: 'https://evil.example/file.pdf', name: 'a.pdf' }], attachmentMessages.unknown],
        [[{ url: '/objects/models/x.glb', name: 'a.glb' }], attachmentMessages.unknown],
        [
          [
            { url: fresh.body.url, name: 'other.pdf' },
            { url: plan.body.url, name: 'plan.pdf' },
          ],
          attachmentMessages.attachedElsewhere,
        ],
        [Array.from({ length: 11 }, (_, i) => ({ url: `/api/attachments/file${i}`, name: `${i}.pdf` })), attachmentMessages.tooMany],
        [
          [
            { url: fresh.body.url, name: 'a.pdf' },
            { url: fresh.body.url, name: 'b.pdf' },
          ],
          attachmentMessages.duplicate,
        ],
        [[{ url: fresh.body.url, name: 'line\nbreak.pdf' }], attachmentMessages.nameNotAllowed],
        ['not a list', attachmentMessages.unknown],
      ];
      for (const [attachments, message] of cases) {
        for (const [path, form] of [
          ['/api/project-inquiry', goodInquiry],
          ['/api/quote-request', goodQuote],
        ] as const) {
          const res = await client.post<{ message: string; errors: Record<string, string> }>(path, { ...form, attachments });
          expect(res.status, `${path} ${JSON.stringify(attachments)}`).toBe(400);
          expect(res.body.errors.attachments).toBe(message);
        }
      }
      expect(await t.app.store.inquiries.count()).toBe(inquiries);
      expect(await t.app.store.quotes.count()).toBe(quotes);
      // The fresh file was not taken by the refused requests: it can still be attached.
      expect(await t.app.store.attachments.get(fresh.body.url.split('/').pop()!)).toMatchObject({ attached: false });
      const ok = await client.post('/api/quote-request', { ...goodQuote, attachments: [{ url: fresh.body.url, name: 'other.pdf' }] });
      expect(ok.status).toBe(201);
    });

    it('serves a short-lived signed link without a session; a tampered or expired one is 403', async () => {
      const plan = await upload(t.client(), samplePdf(), 'application/pdf', 'plan.pdf');
      await t.client().post('/api/quote-request', { ...goodQuote, attachments: [{ url: plan.body.url, name: 'plan.pdf' }] });
      const id = plan.body.url.split('/').pop()!;
      expect((await t.client().post(`/api/attachments/${id}/link`)).status).toBe(401);
      const link = await admin.post<{ url: string; expiresAt: string }>(`/api/attachments/${id}/link`);
      expect(link.status).toBe(200);
      expect(link.body.url).toMatch(new RegExp(`^/api/attachments/${id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));

      const audit = await admin.get<Array<{ action: string; target?: string; detail?: string }>>('/api/audit?limit=5');
      expect(audit.body[0]).toMatchObject({ action: 'attachment.linked', detail: `plan.pdf, until ${link.body.expiresAt}` });
      expect(audit.body[0].target).toMatch(/^quote:/);

      const opened = await t.client().get(link.body.url);
      expect(opened.status).toBe(200);
      expect(opened.headers.get('content-type')).toBe('application/pdf');
      expect(opened.headers.get('content-disposition')).toBe('attachment; filename="plan.pdf"');
      expect(opened.headers.get('content-security-policy')).toBe('sandbox');

      const sig = new URL(link.body.url, t.url).searchParams.get('sig')!;
      const tampered = link.body.url.replace(sig, `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
      expect((await t.client().get(tampered)).status).toBe(403);
      const longer = link.body.url.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 60}`);
      expect((await t.client().get(longer)).status).toBe(403);
      // The same signature does not open the thumbnail or another file.
      expect((await t.client().get(link.body.url.replace(id, `${id}/thumbnail`))).status).toBe(403);

      t.clock.advance(2 * 60 * 60 * 1000);
      const expired = await t.client().get(link.body.url);
      expect(expired.status).toBe(403);
    });

    it('serves a PDF as a download under its own name, quotes and accents safely encoded, on both routes', async () => {
      const name = 'Plan "A" – cuisine é.pdf';
      const plan = await upload(t.client(), samplePdf(), 'application/pdf', name);
      await t.client().post('/api/quote-request', { ...goodQuote, attachments: [{ url: plan.body.url, name }] });
      const id = idOf(plan.body.url);
      const expected = `attachment; filename="Plan _A_ _ cuisine _.pdf"; filename*=UTF-8''Plan%20%22A%22%20%E2%80%93%20cuisine%20%C3%A9.pdf`;
      const bySession = await admin.request('GET', `/api/attachments/${id}`);
      expect(bySession.headers.get('content-disposition')).toBe(expected);
      expect(bySession.headers.get('content-security-policy')).toBe('sandbox');
      const link = await admin.post<{ url: string }>(`/api/attachments/${id}/link`);
      const byLink = await t.client().get(link.body.url);
      expect(byLink.status).toBe(200);
      expect(byLink.headers.get('content-disposition')).toBe(expected);
      expect(byLink.headers.get('content-security-policy')).toBe('sandbox');
      expect(byLink.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('deleting the lead deletes its files and records', async () => {
      const client = t.client();
      const shot = await upload(client, photo, 'image/jpeg', 'wall.jpg');
      const plan = await upload(client, samplePdf(), 'application/pdf', 'plan.pdf');
      const res = await client.post<Inquiry>('/api/project-inquiry', {
        ...goodInquiry,
        email: 'delete@example.com',
        attachments: [
          { url: shot.body.url, name: 'wall.jpg' },
          { url: plan.body.url, name: 'plan.pdf' },
        ],
      });
      const ids = [shot.body.url, plan.body.url].map((url) => url.split('/').pop()!);
      await t.app.context.jobs.idle();
      expect(storedFiles(t).filter((file) => ids.some((id) => file.startsWith(id)))).toHaveLength(3);

      expect((await admin.delete(`/api/project-inquiry/${res.body.id}`)).status).toBe(204);
      for (const id of ids) {
        expect(await t.app.store.attachments.get(id)).toBeNull();
        expect((await admin.get(`/api/attachments/${id}`)).status).toBe(404);
      }
      expect(storedFiles(t).filter((file) => ids.some((id) => file.startsWith(id)))).toEqual([]);
    });
  });

  it('uploads never attached to a submitted lead are deleted after 24 hours by the maintenance sweep', async () => {
    const sweep = await startTestApp();
    try {
      const client = sweep.client();
      const kept = await upload(client, samplePdf(), 'application/pdf', 'kept.pdf');
      await client.post('/api/quote-request', { ...goodQuote, attachments: [{ url: kept.body.url, name: 'kept.pdf' }] });
      const orphan = await upload(client, samplePdf(), 'application/pdf', 'orphan.pdf');
      const orphanId = orphan.body.url.split('/').pop()!;

      sweep.clock.advance(23 * 60 * 60 * 1000);
      let report = await runMaintenance(sweep.app.store, sweep.app.context.uploads, sweep.clock, retention, sweep.app.context.attachments);
      expect(report.attachments).toBe(0);
      expect(await sweep.app.store.attachments.get(orphanId)).not.toBeNull();

      sweep.clock.advance(2 * 60 * 60 * 1000);
      // Past its day, it can no longer be attached either.
      const late = await client.post<{ errors: Record<string, string> }>('/api/quote-request', {
        ...goodQuote,
        attachments: [{ url: orphan.body.url, name: 'orphan.pdf' }],
      });
      expect(late.status).toBe(400);
      expect(late.body.errors.attachments).toBe(attachmentMessages.unknown);

      report = await runMaintenance(sweep.app.store, sweep.app.context.uploads, sweep.clock, retention, sweep.app.context.attachments);
      expect(report.attachments).toBe(1);
      expect(await sweep.app.store.attachments.get(orphanId)).toBeNull();
      expect(storedFiles(sweep)).toEqual([`${kept.body.url.split('/').pop()!}.pdf`]);
      // Spent and expired upload URLs go too.
      expect(await sweep.app.store.attachmentTickets.count()).toBe(0);
    } finally {
      await sweep.close();
    }
  });

  it('a photo still pending when the server stopped is processed when it starts again', async () => {
    // A server that stops before processing (as a restart would interrupt its queue).
    const stopped = await startTestApp({}, undefined, undefined, undefined, { jobs: [] });
    try {
      const shot = await upload(stopped.client(), photo, 'image/jpeg', 'before-restart.jpg');
      const id = idOf(shot.body.url);
      expect(await stopped.app.store.attachments.get(id)).toMatchObject({ processing: 'pending' });
      // The next start of the jobs finds it in the store (nothing was queued in memory) and processes it.
      const { jobs } = stopped.app.context;
      const { store } = stopped.app;
      expect(await jobs.start(['attachments'])).toBe(1);
      await jobs.idle();
      expect(await store.attachments.get(id)).toMatchObject({ processing: 'done', width: 1800, height: 2400 });
      expect(storedFiles(stopped).filter((file) => file.startsWith(id))).toEqual([`${id}-full.webp`, `${id}-thumbnail.webp`]);
    } finally {
      await stopped.close();
    }
  });

  it('a photo whose header reads but whose pixels do not is marked failed, its original deleted, and never served', async () => {
    // Cut off halfway, as an interrupted copy: the header (size, format) is whole, the image data is not.
    const cut = photo.subarray(0, Math.floor(photo.length / 2));
    const shot = await upload(t.client(), cut, 'image/jpeg', 'cut.jpg');
    expect(shot.status).toBe(201);
    const id = shot.body.url.split('/').pop()!;
    const record = await until(async () => {
      const found = await t.app.store.attachments.get(id);
      return found?.processing === 'failed' && found;
    }, 'the photo to fail');
    expect(record.key).toBeUndefined();
    expect(storedFiles(t).filter((file) => file.startsWith(id))).toEqual([]);
    const admin = await t.adminClient();
    expect((await admin.get(`/api/attachments/${id}`)).status).toBe(404);
    expect((await admin.get(`/api/attachments/${id}/thumbnail`)).status).toBe(404);
  });
});

describe('what customers may upload (embedded: SQLite and local disk)', () => {
  const kb = 1024;
  const pdfOf = (bytes: number) => samplePdf(bytes - samplePdf().length);
  const ticketFor = (client: Client, size: number, name = 'plan.pdf') =>
    client.post<AttachmentUploadUrl & { message: string; errors: Record<string, string> }>('/api/attachments/upload-url', {
      contentType: 'application/pdf',
      name,
      size,
    });

  it('one address stores at most ATTACHMENT_MB_PER_DAY in 24 hours: 429 with Retry-After, still after a restart, not by lying about the size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'attachment-quota-'));
    const file = join(dir, 'site.sqlite');
    const options = { attachmentBytesPerDay: 1024 * kb };
    let t = await startTestApp(options, () => createSqliteStore({ file }));
    try {
      const client = t.client();
      for (const name of ['a.pdf', 'b.pdf']) expect((await upload(client, pdfOf(400 * kb), 'application/pdf', name)).status).toBe(201);

      // A third 400 KB would make 1,200 KB: refused before a byte is sent, with when to come back.
      const refused = await ticketFor(client, 400 * kb);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      // Never longer than the 24-hour window the bytes are counted in.
      expect(wait).toBeGreaterThan(23 * 3600);
      expect(wait).toBeLessThanOrEqual(24 * 3600);
      expect(refused.body.message).toBe(uploadQuotaMessages.perClient(1, '24 hours'));
      expect(refused.body.errors.file).toBe(refused.body.message);

      // Saying 1 KB and sending 300 KB: refused at the first byte past 1 KB, nothing kept or charged.
      const liar = await ticketFor(client, kb);
      expect(liar.status).toBe(200);
      const lie = await client.request<{ message: string }>('PUT', liar.body.uploadURL, { body: pdfOf(300 * kb) });
      expect(lie.status).toBe(413);
      expect(lie.body.message).toBe(largerThanDeclared);
      expect(await t.app.store.attachments.count()).toBe(2);
      expect(storedFiles(t)).toHaveLength(2);

      // Two upload URLs asked for at once both fit (800 + 200 KB); the PUT charges, so only one is kept.
      const [first, second] = await Promise.all([ticketFor(client, 200 * kb), ticketFor(client, 200 * kb)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect((await client.request('PUT', first.body.uploadURL, { body: pdfOf(200 * kb) })).status).toBe(201);
      const late = await client.request<{ message: string }>('PUT', second.body.uploadURL, { body: pdfOf(200 * kb) });
      expect(late.status).toBe(429);
      expect(late.body.message).toMatch(/^This connection has uploaded as much as we take in a day \(1 MB\)/);
      expect(await t.app.store.attachments.count()).toBe(3);

      // The count is in the database: a restart still refuses.
      await t.close();
      t = await startTestApp(options, () => createSqliteStore({ file }));
      expect((await ticketFor(t.client(), 100 * kb)).status).toBe(429);
      // Back when told: the upload fits, or at most the last hour's bucket is left to wait for.
      t.clock.advance(wait * 1000);
      const back = await ticketFor(t.client(), 100 * kb);
      if (back.status !== 200) {
        expect(back.status).toBe(429);
        expect(Number(back.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      }
      // A day later (counted by the hour) the address may upload again.
      t.clock.advance((25 * 3600 - wait) * 1000);
      expect((await upload(t.client(), pdfOf(400 * kb), 'application/pdf', 'next-day.pdf')).status).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('unattached uploads together stay under ATTACHMENT_STORAGE_MB: 507, and files sent with a lead make room', async () => {
    const t = await startTestApp({ attachmentStorageBytes: 1024 * kb });
    try {
      const client = t.client();
      const kept = [];
      for (const name of ['a.pdf', 'b.pdf']) kept.push((await upload(client, pdfOf(400 * kb), 'application/pdf', name)).body);
      const full = await ticketFor(client, 400 * kb);
      expect(full.status).toBe(507);
      expect(full.body.message).toBe(uploadQuotaMessages.full);
      expect(full.body.errors.file).toBe(uploadQuotaMessages.full);

      // Two URLs that each fit now; the first PUT takes the room, the second is refused.
      const [first, second] = await Promise.all([ticketFor(client, 200 * kb), ticketFor(client, 200 * kb)]);
      expect((await client.request('PUT', first.body.uploadURL, { body: pdfOf(200 * kb) })).status).toBe(201);
      const refused = await client.request<{ message: string }>('PUT', second.body.uploadURL, { body: pdfOf(200 * kb) });
      expect(refused.status).toBe(507);
      expect(refused.body.message).toBe(uploadQuotaMessages.full);
      expect(await t.app.store.attachments.count()).toBe(3);
      expect(storedFiles(t)).toHaveLength(3);

      // Sent with a quote request, the files are the business's: room for more.
      const quote = await client.post('/api/quote-request', {
        ...goodQuote,
        attachments: kept.map((item) => ({ url: item.url, name: item.name })),
      });
      expect(quote.status).toBe(201);
      expect((await upload(client, pdfOf(400 * kb), 'application/pdf', 'c.pdf')).status).toBe(201);
      // 200 + 400 KB not on a lead: the refused PUT took nothing and gave back nothing it had not taken.
      expect((await t.app.store.uploadQuotas.get('unattached'))?.bytes).toBe(600 * kb);
      // The hourly sweep sets the same total from the records.
      await t.app.store.uploadQuotas.update('unattached', { bytes: 5 });
      await runMaintenance(t.app.store, t.app.context.uploads, t.clock, retention, t.app.context.attachments);
      expect((await t.app.store.uploadQuotas.get('unattached'))?.bytes).toBe(600 * kb);
    } finally {
      await t.close();
    }
  });

  it('no upload while it would leave less than MIN_FREE_DISK_MB free: 507 for customers and staff, nothing stored, leads still taken', async () => {
    const disk = await statfs(tmpdir());
    // A floor above what this disk has free: as a disk would be nearly full.
    const t = await startTestApp({ minFreeDiskBytes: disk.bavail * disk.bsize + 1024 * 1024 * 1024 });
    try {
      const client = t.client();
      const refused = await ticketFor(client, 10 * kb);
      expect(refused.status).toBe(507);
      expect(refused.body.message).toBe(uploadQuotaMessages.full);

      const staff = await t.adminClient();
      const issued = await staff.post<{ uploadURL: string }>('/api/objects/upload', { kind: 'model' });
      const model = await t.client().request<{ message: string }>('PUT', issued.body.uploadURL, { body: glb(100) });
      expect(model.status).toBe(507);
      expect(model.body.message).toBe(uploadQuotaMessages.full);
      expect(await t.app.store.attachments.count()).toBe(0);
      expect(await t.app.store.objects.count()).toBe(0);
      expect(storedFiles(t)).toEqual([]);

      expect((await client.post('/api/quote-request', goodQuote)).status).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('refuses a photo of too many pixels or an extreme shape at upload, from its header, with 400 and the reason; a tall screenshot is processed', async () => {
    const t = await startTestApp();
    try {
      const client = t.client();
      const cases: Array<[Buffer, string]> = [
        [await tooManyPixels(), imageSizeProblem(8000, 8000)!],
        [await thinLine(), imageSizeProblem(1, 100_000)!],
        [line59Megapixels(), imageSizeProblem(1, 59_000_000)!],
      ];
      for (const [bytes, message] of cases) {
        const started = Date.now();
        const res = await upload(client, bytes, 'image/png', 'screenshot.png');
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message, errors: { file: message } });
        // From the header: not after decoding millions of rows (about 20 s for the 1 × 59,000,000 line).
        expect(Date.now() - started).toBeLessThan(5000);
      }
      expect(await t.app.store.attachments.count()).toBe(0);
      expect(storedFiles(t)).toEqual([]);

      const tall = await upload(client, await tallScreenshot(), 'image/png', 'long-page.png');
      expect(tall.status).toBe(201);
      const id = idOf(tall.body.url);
      const done = await until(async () => {
        const record = await t.app.store.attachments.get(id);
        return record?.processing !== 'pending' && record;
      }, 'the screenshot to be processed');
      expect(done).toMatchObject({ processing: 'done', width: 141, height: 2400 });
    } finally {
      await t.close();
    }
  });
});
