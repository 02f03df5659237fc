/**
 * `npm run bench:availability`: the free times for 8 weeks (`GET /api/booking/availability`)
 * with 10,000 bookings stored, against its budget: p95 at most 50 ms.
 *
 * 1. makes a SQLite database in a temporary folder with the default booking settings and
 *    BENCH_BOOKINGS (10,000) booked visits, one every 3 hours day and night, as many before
 *    today as after it, so the 8 weeks ahead hold about 450 of them and the rest lie around;
 *    each is stored as a customer's booking is, holding its cells of the grid;
 * 2. serves the API (createApp, as the embedded server does) on a local port;
 * 3. times BENCH_REQUESTS (200) sequential requests after BENCH_WARMUP (20), each answered 200,
 *    and prints p50, p95 and the largest, with the machine's load average.
 */
import { defaultSettings, withDefaults } from '@site/domain';
import { gridCells } from '@site/domain/booking-slots';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLocalObjectStore } from '../src/adapters/local-objects/local-object-store';
import { createMemoryFeed } from '../src/adapters/memory-feed';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import { createApp } from '../src/app';
import type { BookingRecord } from '../src/ports/bookings';

const budgetMs = 50;
const bookings = Number(process.env.BENCH_BOOKINGS ?? 10_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmUp = Number(process.env.BENCH_WARMUP ?? 20);
const hour = 3_600_000;

const dir = mkdtempSync(join(tmpdir(), 'bench-availability-'));
const store = createSqliteStore({ file: join(dir, 'site.sqlite') });
try {
  const settings = withDefaults({ business: { ...defaultSettings.business, siteUrl: 'http://localhost:3000' } });
  await store.settings.save(0, { settings, version: 1, updatedAt: new Date().toISOString(), updatedBy: 'bench' });

  console.log(`Storing ${bookings.toLocaleString('en-AU')} bookings...`);
  const now = Date.now();
  const first = Math.floor((now - (bookings / 2) * 3 * hour) / hour) * hour;
  for (let i = 0; i < bookings; i++) {
    const start = first + i * 3 * hour;
    const end = start + settings.booking.visitMinutes * 60_000;
    const at = new Date(now).toISOString();
    const record: BookingRecord = {
      id: `bench${String(i).padStart(15, '0')}`,
      status: 'booked',
      service: (['kitchen', 'bathroom', 'wardrobe'] as const)[i % 3],
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      firstName: 'Bench',
      lastName: `Customer ${i}`,
      email: `bench${i}@example.com`,
      mobile: '0412 345 678',
      street: `${i} Bench Street`,
      suburb: 'Northcote',
      postcode: '3070',
      leadId: `benchlead${String(i).padStart(11, '0')}`,
      createdAt: at,
      updatedAt: at,
      sequence: 0,
      reminder: 'skipped',
      reminderDueAt: new Date(start - 24 * hour).toISOString(),
      cells: gridCells(start, end, settings.booking.bufferMinutes),
    };
    await store.bookingSlots.book(record);
  }

  const objects = await createLocalObjectStore(join(dir, 'objects'));
  const app = createApp({
    store,
    objects,
    feed: createMemoryFeed(),
    delivery: { policy: { smsCountries: ['AU'], customerMessagesPerDay: 3 }, configured: { email: false, sms: false } },
    log: () => undefined,
  });
  const server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/booking/availability?postcode=3070&suburb=Northcote`;

  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < warmUp + requests; i++) {
    const started = performance.now();
    const response = await fetch(url);
    const body = (await response.json()) as { days: Array<{ slots: unknown[] }> };
    const took = performance.now() - started;
    if (response.status !== 200) throw new Error(`availability answered ${response.status}`);
    slots = body.days.reduce((n, day) => n + day.slots.length, 0);
    if (i >= warmUp) times.push(took);
  }
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await app.context.jobs.stop();

  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  const p95 = at(0.95);
  console.log(
    [
      `GET /api/booking/availability, 8 weeks, ${bookings.toLocaleString('en-AU')} bookings stored, ${slots} free times answered`,
      `${requests} requests: p50 ${at(0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms (budget p95 <= ${budgetMs} ms)`,
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
    ].join('\n'),
  );
  if (p95 > budgetMs) process.exitCode = 1;
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
