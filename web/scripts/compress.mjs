// Writes .br and .gz siblings of the text files in dist; the server sends them to browsers
// that accept them (functions/src/embedded/static-site.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const compressible = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.xml', '.txt', '.json', '.webmanifest']);

let count = 0;
const walk = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (compressible.has(extname(entry.name))) {
      const data = readFileSync(file);
      if (data.length < 512) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      count += 1;
    }
  }
};
walk(dist);
console.log(`compressed ${count} files (.br, .gz)`);
