/**
 * `npm run bench:photos`: how long the photo pipeline takes on one 12-megapixel JPEG
 * (4032×3024, an iPhone's photo), the budget being 3 s on a 2-core machine, and what it
 * makes: files, widths and bytes. Three photos are timed after one warm-up.
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { roomPhoto } from '../src/demo/room-photos';
import { processPhoto } from '../src/services/photo-pipeline';

const runs = Number(process.env.BENCH_PHOTOS ?? 3);
const photos = await Promise.all(Array.from({ length: runs + 1 }, (_, i) => roomPhoto({ seed: `bench-${i}`, orientation: i % 2 ? 6 : 1 })));
console.log(`${cpus().length} cores; input ${(photos[1].length / 1024 / 1024).toFixed(1)} MB JPEG, 4032×3024`);
await processPhoto(photos[0]);
const times: number[] = [];
let last;
for (const photo of photos.slice(1)) {
  const start = performance.now();
  last = await processPhoto(photo);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(
  `processing: median ${Math.round(times[Math.floor(times.length / 2)])} ms, max ${Math.round(times.at(-1)!)} ms (budget 3000 ms)`,
);
if (last) {
  console.log(`upright ${last.width}×${last.height}, placeholder ${last.placeholder.length} characters`);
  for (const file of last.files) console.log(`  ${file.format} ${file.width}×${file.height}: ${(file.data.length / 1024).toFixed(0)} KB`);
}
