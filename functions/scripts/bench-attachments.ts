/**
 * `npm run bench:attachments`: a customer sends an inquiry with 10 photos of about 4 MB each
 * over a 10 Mbit/s link, against the built embedded server (functions/dist/server.js). Times
 * from the first upload's start to the inquiry's answer (the success dialog), the budget
 * being 40 s; and, apart, how long the server's background processing of the 10 photos takes
 * after that, which the customer does not wait for.
 *
 * The photos are 12-megapixel JPEGs made here (services' demo room photos: a rendered room
 * with sensor grain, the camera's make and a GPS position in their EXIF), never downloaded.
 * The link: every upload's bytes pass one shared 1.25 MB/s (10 Mbit/s) pipe, in 64 KB
 * chunks, three uploads at a time as the form sends them. The small JSON requests are not
 * throttled (under 1 KB each).
 *
 * BENCH_SERVER=/other/functions/dist/server.js measures another build.
 */
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { exifReveals, roomPhoto } from '../src/demo/room-photos';
import { admin, inquiry, startServer } from './bench-support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const files = Number(process.env.BENCH_FILES ?? 10);
const bytesPerSecond = Number(process.env.BENCH_LINK_MBIT ?? 10) * 125_000;
const concurrency = 3;
const chunkBytes = 64 * 1024;
const budgetMs = 40_000;

/**
 * A JPEG of 4032×3024 from the demo room photos, re-encoded at the quality that brings it to
 * about 4 MB (a phone's photo of a busy room), keeping its EXIF (camera, GPS position).
 */
async function phonePhoto(i: number): Promise<Buffer> {
  const base = await roomPhoto({ seed: `bench-attachment-${i}`, orientation: i % 2 ? 6 : 1 });
  for (const quality of [96, 97, 98]) {
    const photo = await sharp(base).keepExif().jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer();
    if (photo.length >= 3_800_000 || quality === 98) return photo;
  }
  return base;
}

/** One pipe all uploads share: each chunk waits for its turn on the wire at `bytesPerSecond`. */
function link() {
  let free = performance.now();
  return async (bytes: number) => {
    const start = Math.max(performance.now(), free);
    free = start + (bytes / bytesPerSecond) * 1000;
    const wait = free - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  };
}

function throttled(data: Buffer, send: (bytes: number) => Promise<void>): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (offset >= data.length) {
        this.push(null);
        return;
      }
      const chunk = data.subarray(offset, offset + chunkBytes);
      offset += chunk.length;
      void send(chunk.length).then(() => this.push(chunk));
    },
  });
}

function put(url: string, headers: Record<string, string>, body: Readable, length: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(length) } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString() }));
    });
    req.on('error', reject);
    body.pipe(req);
  });
}

const post = async (url: string, json: unknown, cookie = '') => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(json) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
};

console.log(`making ${files} photos...`);
const photos = await Promise.all(Array.from({ length: files }, (_, i) => phonePhoto(i)));
const total = photos.reduce((sum, photo) => sum + photo.length, 0);
const first = await sharp(photos[0]).metadata();
console.log(
  `${files} JPEGs ${first.width}×${first.height}, ${(total / files / 1_000_000).toFixed(2)} MB each on average (${(total / 1_000_000).toFixed(1)} MB), GPS in EXIF: ${exifReveals(first.exif).gps}`,
);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-attachments-'));
const serverJs = process.env.BENCH_SERVER ?? join(here, '../dist/server.js');
const server = await startServer(serverJs, {
  DATA_DIR: dataDir,
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  WEB_DIST: join(dataDir, 'no-web'),
  NOTIFY_EMAIL: 'office@example.com',
});

try {
  const send = link();
  const uploaded: Array<{ url: string; name: string }> = [];
  const answeredAt: number[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < photos.length; i = next++) {
      const name = `IMG_${4000 + i}.jpg`;
      const ticket = await post(`${server.url}/api/attachments/upload-url`, { contentType: 'image/jpeg', name, size: photos[i].length });
      if (ticket.status !== 200) throw new Error(`upload-url ${ticket.status} ${JSON.stringify(ticket.body)}`);
      const { uploadURL, headers } = ticket.body as { uploadURL: string; headers: Record<string, string> };
      const res = await put(server.url + uploadURL, headers, throttled(photos[i], send), photos[i].length);
      if (res.status !== 201) throw new Error(`upload ${res.status} ${res.body}`);
      answeredAt.push(performance.now());
      uploaded[i] = { url: (JSON.parse(res.body) as { url: string }).url, name };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const submitted = await post(`${server.url}/api/project-inquiry`, { ...inquiry, attachments: uploaded });
  const answered = performance.now() - started;
  if (submitted.status !== 201) throw new Error(`inquiry ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const wire = (total / bytesPerSecond) * 1000;
  console.log(
    `first upload start to the inquiry's answer: ${(answered / 1000).toFixed(1)} s (budget ${budgetMs / 1000} s; the bytes alone take ${(wire / 1000).toFixed(1)} s at ${(bytesPerSecond * 8) / 1_000_000} Mbit/s)`,
  );

  // The processing after the answer: how long until the admin sees every photo processed.
  const login = await post(`${server.url}/api/login`, admin);
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const leadId = submitted.body.id as string;
  for (;;) {
    const res = await fetch(`${server.url}/api/project-inquiries?limit=10`, { headers: { cookie } });
    const leads = (await res.json()) as Array<{ id: string; attachments?: Array<{ processing?: string; url: string }> }>;
    const lead = leads.find((item) => item.id === leadId);
    const states = lead?.attachments?.map((item) => item.processing) ?? [];
    if (states.length === files && states.every((state) => state !== 'pending')) {
      const after = performance.now() - started;
      console.log(
        `all ${files} photos processed ${((after - answered) / 1000).toFixed(1)} s after the answer (${states.filter((s) => s === 'done').length} done); the last upload's answer came ${((answeredAt.at(-1)! - started) / 1000).toFixed(1)} s in`,
      );
      const full = await fetch(`${server.url}${lead!.attachments![0].url}`, { headers: { cookie } });
      const meta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
      console.log(
        `served photo: ${meta.format} ${meta.width}×${meta.height}, EXIF ${meta.exif ? 'present' : 'none'}, GPS ${exifReveals(meta.exif).gps}`,
      );
      break;
    }
    await new Promise((done) => setTimeout(done, 250));
  }
} finally {
  server.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
