import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { exifReveals, roomPhoto } from '../src/demo/room-photos';
import { imageSizeProblem, isHeic, processPhoto, unreadablePhoto, widthsFor, type ProcessedPhoto } from '../src/services/photo-pipeline';
import { line59Megapixels, tallScreenshot, thinLine, tooManyPixels } from './hostile-images';

describe('photo pipeline', () => {
  let original: Buffer;
  let made: ProcessedPhoto;
  beforeAll(async () => {
    // An iPhone's 12-megapixel photo taken with the phone held upright: stored 4032 wide and
    // 3024 high on its side, EXIF orientation 6, with the camera's make and model and a GPS position.
    original = await roomPhoto({ seed: 'pipeline', orientation: 6 });
    made = await processPhoto(original);
  }, 60_000);

  it('starts from a realistic upload: 12 MP, sideways with orientation 6, GPS and camera in its EXIF', async () => {
    const meta = await sharp(original).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.format]).toEqual([4032, 3024, 6, 'jpeg']);
    expect(exifReveals(meta.exif)).toEqual({ gps: true, camera: true });
    expect(original.length).toBeGreaterThan(1_000_000);
  });

  it('turns the photo upright and makes AVIF and WebP at each width up to 2400 px', async () => {
    // Upright it is 3024 wide and 4032 high: the widths up to 2400 at the same proportions.
    expect([made.width, made.height]).toEqual([2400, 3200]);
    expect(made.files.map((f) => `${f.format} ${f.width}×${f.height}`)).toEqual([
      'avif 480×640',
      'webp 480×640',
      'avif 800×1067',
      'webp 800×1067',
      'avif 1200×1600',
      'webp 1200×1600',
      'avif 1600×2133',
      'webp 1600×2133',
      'avif 2400×3200',
      'webp 2400×3200',
    ]);
    for (const file of made.files) {
      const meta = await sharp(file.data).metadata();
      expect(meta.format).toBe(file.format === 'avif' ? 'heif' : 'webp');
      expect([meta.width, meta.height]).toEqual([file.width, file.height]);
    }
  });

  it('keeps no metadata in any file it makes: no EXIF (GPS, camera, orientation), XMP, IPTC or ICC profile', async () => {
    for (const file of made.files) {
      const meta = await sharp(file.data).metadata();
      expect(meta.exif, `${file.format} ${file.width}`).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.data.includes(Buffer.from('iPhone'))).toBe(false);
    }
  });

  it('makes a placeholder of a few hundred bytes with the photo in it', async () => {
    expect(made.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
    expect(made.placeholder.length).toBeLessThan(600);
    const tiny = await sharp(Buffer.from(made.placeholder.split(',')[1], 'base64')).metadata();
    expect([tiny.width, tiny.height]).toEqual([16, 21]);
  });

  it('never enlarges: a photo 640 px wide gives 480 and 640, one 300 px wide gives 300 only', async () => {
    expect(widthsFor(640)).toEqual([480, 640]);
    expect(widthsFor(4032)).toEqual([480, 800, 1200, 1600, 2400]);
    const small = await processPhoto(await roomPhoto({ seed: 'small', width: 640, height: 480 }));
    expect([small.width, small.height]).toEqual([640, 480]);
    expect(small.files.map((f) => `${f.format} ${f.width}`)).toEqual(['avif 480', 'webp 480', 'avif 640', 'webp 640']);
    const tiny = await processPhoto(await roomPhoto({ seed: 'tiny', width: 300, height: 200, bare: true }));
    expect(tiny.files.map((f) => `${f.format} ${f.width}×${f.height}`)).toEqual(['avif 300×200', 'webp 300×200']);
  });

  it('takes PNG and WebP as well as JPEG', async () => {
    const pixels = sharp(await roomPhoto({ seed: 'formats', width: 900, height: 600, bare: true }));
    for (const input of [await pixels.clone().png().toBuffer(), await pixels.clone().webp().toBuffer()]) {
      const result = await processPhoto(input);
      expect([result.width, result.height]).toEqual([900, 600]);
    }
  });

  it('refuses a damaged photo (cut off half way) and one that is not an image with a clear message', async () => {
    const cut = original.subarray(0, Math.floor(original.length / 2));
    await expect(processPhoto(cut)).rejects.toMatchObject({ name: 'InvalidError', message: unreadablePhoto });
    await expect(processPhoto(Buffer.from('not a photo at all'))).rejects.toMatchObject({ name: 'InvalidError', message: unreadablePhoto });
  });

  it('makes a screenshot taller than AVIF and WebP allow (1000 × 17000) no larger than an upright phone photo, at its proportions', async () => {
    const made = await processPhoto(await tallScreenshot());
    expect([made.width, made.height]).toEqual([672, 11_424]);
    expect(made.width * made.height).toBeLessThanOrEqual(2400 * 3200);
    expect(made.files.map((f) => `${f.format} ${f.width}×${f.height}`)).toEqual([
      'avif 480×8160',
      'webp 480×8160',
      'avif 672×11424',
      'webp 672×11424',
    ]);
    for (const file of made.files) {
      const meta = await sharp(file.data).metadata();
      expect([meta.width, meta.height]).toEqual([file.width, file.height]);
    }
  }, 60_000);

  it('refuses, from its header alone, an image over 60 megapixels or more than 20 times as long as it is wide, saying why', async () => {
    const cases: Array<[Buffer, number, number]> = [
      [await tooManyPixels(), 8000, 8000],
      [await thinLine(), 1, 100_000],
      [line59Megapixels(), 1, 59_000_000],
    ];
    for (const [input, width, height] of cases) {
      const started = Date.now();
      const message = imageSizeProblem(width, height);
      await expect(processPhoto(input)).rejects.toMatchObject({ name: 'InvalidError', message, fields: { photos: message } });
      // Decoding the 1 × 59,000,000 line would take libvips about 20 s.
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect(imageSizeProblem(1, 59_000_000)).toBe(
      'This image is 1 × 59,000,000 pixels: too long and narrow to show. Its longer side can be at most 20 times its shorter: please crop it and try again.',
    );
    // Within both limits: a 12-megapixel photo, a 4 to 1 panorama, a 20 to 1 strip.
    expect([imageSizeProblem(4032, 3024), imageSizeProblem(8000, 2000), imageSizeProblem(100, 2000)]).toEqual([null, null, null]);
  });

  it('recognises HEIC by its brand', () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(8)]);
    const avif = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypavif', 'latin1'), Buffer.alloc(8)]);
    expect(isHeic(heic)).toBe(true);
    expect(isHeic(avif)).toBe(false);
  });
});
