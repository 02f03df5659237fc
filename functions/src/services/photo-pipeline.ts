import { projectLimits, uploadMessages } from '@site/domain';
import sharp from 'sharp';
import { HttpError } from '../http/errors';

/** One processed file of a photo: a format at a width. */
export interface PhotoFile {
  format: 'avif' | 'webp';
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedPhoto {
  /** The largest served file's size (the upright photo's proportions): what `width`/`height` attributes reserve. */
  width: number;
  height: number;
  /** A tiny blurred WebP as a `data:` URL. */
  placeholder: string;
  files: PhotoFile[];
}

/** The settings that keep a 12-megapixel photo within its time budget (see docs/decisions/011-project-photos.md). */
export const photoEncoding = {
  avif: { quality: 50, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 74, effort: 4, smartSubsample: false },
  placeholderWidth: 16,
} as const;

/** 60 MP: larger than any phone or DSLR photo, small enough to decode in the memory the function has. */
const maxInputPixels = 60_000_000;

export const unreadablePhoto = 'This photo could not be read. It may be damaged: please export it again as JPEG and upload that.';

/** Widths made of a photo this wide: each listed width below its own, then its own (at most the largest listed). */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, Math.max(...projectLimits.photoWidths));
  return [...projectLimits.photoWidths.filter((w) => w < largest), largest];
}

/**
 * Turns an uploaded photo into what the public pages serve: turned upright by its EXIF
 * orientation, then every bit of metadata dropped (GPS position, camera, date, XMP, ICC:
 * the pixels are decoded to sRGB once and everything is encoded from those pixels alone),
 * as AVIF and WebP at each width up to 2400 px (never wider than the original), and a tiny
 * placeholder. The original is decoded once; each width is scaled from the next larger one.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  let upright: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    const largest = Math.max(...projectLimits.photoWidths);
    const source = sharp(input, { failOn: 'error', limitInputPixels: maxInputPixels, sequentialRead: true })
      .autoOrient()
      .toColourspace('srgb')
      .removeAlpha();
    const { width = 0, height = 0, orientation = 1 } = await sharp(input, { limitInputPixels: maxInputPixels }).metadata();
    const uprightWidth = orientation >= 5 ? height : width;
    // Decoding straight to the largest served width keeps one full-size image in memory at most once.
    if (uprightWidth > largest) source.resize({ width: largest, withoutEnlargement: true });
    upright = await source.raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw new HttpError(400, unreadablePhoto, { photos: unreadablePhoto });
  }

  const { data, info } = upright;
  const raw = (buffer: Buffer, width: number, height: number) => sharp(buffer, { raw: { width, height, channels: info.channels as 3 } });

  const files: PhotoFile[] = [];
  let current = { data, width: info.width, height: info.height };
  for (const width of widthsFor(info.width).sort((a, b) => b - a)) {
    if (width !== current.width) {
      const scaled = await raw(current.data, current.width, current.height).resize({ width }).raw().toBuffer({ resolveWithObject: true });
      current = { data: scaled.data, width: scaled.info.width, height: scaled.info.height };
    }
    const step = current;
    const [avif, webp] = await Promise.all([
      raw(step.data, step.width, step.height).avif(photoEncoding.avif).toBuffer(),
      raw(step.data, step.width, step.height).webp(photoEncoding.webp).toBuffer(),
    ]);
    files.push({ format: 'avif', width: step.width, height: step.height, data: avif });
    files.push({ format: 'webp', width: step.width, height: step.height, data: webp });
  }
  const tiny = await raw(current.data, current.width, current.height)
    .resize({ width: photoEncoding.placeholderWidth })
    .blur(1)
    .webp({ quality: 40 })
    .toBuffer();

  return {
    width: info.width,
    height: info.height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    files: files.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format)),
  };
}

export { isHeic } from '@site/domain';

export const heicRefused = () => new HttpError(415, uploadMessages.heic);
