import sharp from 'sharp';

/**
 * Original photographs of finished rooms, drawn here: what the demo's projects, the tests
 * and the benchmarks upload. They stand for what an owner uploads from a phone: 12
 * megapixels (4032×3024) by default, JPEG at quality 90, with photographic grain (so they
 * compress like a photo, not like a flat drawing) and an iPhone's EXIF: make, model, date,
 * GPS position and an orientation.
 */
export interface RoomPhotoOptions {
  /** Picks the palette and layout; the same seed draws the same room. */
  seed: string;
  width?: number;
  height?: number;
  /** EXIF orientation written into the file (6: the camera was turned, the pixels are sideways). */
  orientation?: 1 | 3 | 6 | 8;
  /** Leave out every bit of metadata. */
  bare?: boolean;
}

/** Where the demo photos say they were taken: Hawthorn, Melbourne. */
export const sampleGps = { latitude: '37/1 49/1 1260/100', longitude: '145/1 1/1 4680/100' };

const palettes = [
  { wall: '#e9e4dc', floor: '#b08a5e', cabinet: '#27364a', bench: '#f2f0eb', accent: '#c8a165' },
  { wall: '#f1efe9', floor: '#8c6a48', cabinet: '#6f7f68', bench: '#fbfaf7', accent: '#d8c39a' },
  { wall: '#dfe3e4', floor: '#5b4636', cabinet: '#1d1d1f', bench: '#cfc9bf', accent: '#a77b4f' },
  { wall: '#f4f1ec', floor: '#c9b59a', cabinet: '#f7f5f0', bench: '#3a3a3a', accent: '#7d8b91' },
  { wall: '#ece6df', floor: '#7a5a3c', cabinet: '#8a6b4e', bench: '#ebe7e0', accent: '#2f4f4f' },
  { wall: '#e4e8e3', floor: '#a38463', cabinet: '#3f5b4e', bench: '#f5f3ee', accent: '#b48a5a' },
];

function random(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

/** The room as SVG on a 1200×900 canvas, scaled to the photo's size when rendered. */
export function roomSvg(seed: string, width: number, height: number): string {
  const rnd = random(seed);
  const p = palettes[Math.floor(rnd() * palettes.length)];
  const W = 1200;
  const H = 900;
  const floorY = 640 + rnd() * 60;
  const doors: string[] = [];
  const doorCount = 4 + Math.floor(rnd() * 4);
  const runX = 80 + rnd() * 120;
  const doorW = (W - runX * 2) / doorCount;
  for (let i = 0; i < doorCount; i++) {
    const x = runX + i * doorW;
    doors.push(`<rect x="${x + 3}" y="${floorY - 290}" width="${doorW - 6}" height="250" fill="${p.cabinet}" />`);
    doors.push(`<rect x="${x + 3}" y="${150}" width="${doorW - 6}" height="170" fill="${p.cabinet}" opacity="0.92" />`);
    doors.push(`<rect x="${x + doorW / 2 - 2}" y="${floorY - 270}" width="4" height="60" fill="${p.accent}" />`);
  }
  const pendants = Array.from({ length: 2 + Math.floor(rnd() * 2) }, (_, i) => {
    const x = 380 + i * 200 + rnd() * 40;
    return `<line x1="${x}" y1="0" x2="${x}" y2="230" stroke="#222" stroke-width="2"/><ellipse cx="${x}" cy="240" rx="34" ry="20" fill="${p.accent}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="${p.wall}" stop-opacity="0"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.floor}"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient>
    <radialGradient id="light" cx="0.2" cy="0.15" r="0.9"><stop offset="0" stop-color="#fff8e8" stop-opacity="0.6"/><stop offset="1" stop-color="#fff8e8" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="${p.wall}"/>
  <rect width="${W}" height="${H}" fill="url(#wall)"/>
  <rect x="${90 + rnd() * 200}" y="60" width="260" height="200" fill="#cfe3ee" stroke="#fff" stroke-width="10"/>
  ${doors.join('')}
  <rect x="${runX - 10}" y="${floorY - 310}" width="${W - runX * 2 + 20}" height="26" fill="${p.bench}"/>
  <rect x="${280 + rnd() * 80}" y="${floorY - 150}" width="${560 + rnd() * 80}" height="180" fill="${p.cabinet}" opacity="0.96"/>
  <rect x="${260 + rnd() * 80}" y="${floorY - 172}" width="${620 + rnd() * 80}" height="26" fill="${p.bench}"/>
  ${pendants}
  <rect y="${floorY}" width="${W}" height="${H - floorY}" fill="url(#floor)"/>
  <rect width="${W}" height="${H}" fill="url(#light)"/>
</svg>`;
}

/** A room photo as an uploaded JPEG. */
export async function roomPhoto(options: RoomPhotoOptions): Promise<Buffer> {
  const { seed, width = 4032, height = 3024, orientation = 1, bare = false } = options;
  // A phone's sensor always stores width×height; held upright (orientation 6 or 8) the scene
  // is height×width, stored turned on its side, and the EXIF orientation turns it back.
  const sideways = orientation === 6 || orientation === 8;
  const [sceneW, sceneH] = sideways ? [height, width] : [width, height];
  const [w, h] = [width, height];
  const scene = sharp(Buffer.from(roomSvg(seed, sceneW, sceneH))).resize(sceneW, sceneH);
  let pixels = await scene.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (orientation !== 1) {
    const turn = orientation === 6 ? 270 : orientation === 8 ? 90 : 180;
    pixels = await sharp(pixels.data, { raw: pixels.info }).rotate(turn).raw().toBuffer({ resolveWithObject: true });
  }
  const grain = await sharp({
    create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } },
  })
    .raw()
    .toBuffer();
  // Grain: each channel moved by the noise around its mid-grey, as a sensor's noise does.
  const out = Buffer.allocUnsafe(pixels.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, pixels.data[i] + ((grain[i] - 128) >> 1)));
  let jpeg = sharp(out, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 });
  if (!bare) {
    jpeg = jpeg
      .withExif({
        IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro', Software: '18.1', DateTime: '2026:10:14 11:32:05' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: sampleGps.latitude,
          GPSLongitudeRef: 'E',
          GPSLongitude: sampleGps.longitude,
        },
      })
      .withMetadata({ orientation });
  }
  return jpeg.toBuffer();
}

/** Whether a file's EXIF holds a GPS position (the GPS IFD pointer, tag 0x8825) or the camera's make. */
export function exifReveals(exif: Buffer | undefined): { gps: boolean; camera: boolean } {
  if (!exif) return { gps: false, camera: false };
  const little = exif.includes(Buffer.from([0x25, 0x88]));
  const big = exif.includes(Buffer.from([0x88, 0x25]));
  return { gps: little || big, camera: exif.includes(Buffer.from('iPhone')) };
}
