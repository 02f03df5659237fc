import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';

/**
 * The embedded build (what this suite runs against) must ship no Firebase SDK: its code is
 * behind `VITE_BACKEND=firebase`, and Vite drops it otherwise. A Firebase build
 * (`VITE_BACKEND=firebase npm run build -w web`) fails this spec.
 */
const assets = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist/assets');

/** Strings every Firebase Auth or Firestore web SDK bundle carries: the services' hosts. */
const sdkMarkers = ['firestore.googleapis.com', 'identitytoolkit.googleapis.com', 'securetoken.googleapis.com'];

test('the embedded build ships no Firebase SDK', () => {
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts.length, `scripts in ${assets}: run npm run build -w web first`).toBeGreaterThan(0);

  const found = scripts.flatMap((name) => {
    const text = readFileSync(join(assets, name), 'utf8');
    return sdkMarkers.filter((marker) => text.includes(marker)).map((marker) => `${name}: ${marker}`);
  });
  expect(found, 'Firebase SDK code in web/dist/assets').toEqual([]);
});
