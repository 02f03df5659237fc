import { projectLimits, uploadMessages } from '@site/domain';
import type { Sharp } from 'sharp';
import type sharpFactory from 'sharp';
import { InvalidError, UnsupportedTypeError } from '../ports/errors';

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

/**
 * What every uploaded image's header must show before anything decodes its pixels (project
 * photos, customers' photos, model thumbnails). Read with sharp's `metadata()`, which parses
 * only the header, in milliseconds, however large the image claims to be.
 */
export const imageLimits = {
  /** 60 MP: larger than any phone or DSLR photo, small enough to decode in the memory the function has. */
  maxPixels: 60_000_000,
  /**
   * A side at most 20 times the other: a phone's panorama is about 4 to 8 to 1, a long
   * screenshot of a web page 17 to 1. Beyond that an image is a line, of no use on a card or a
   * page, and decoding one (1 × 59,000,000 takes libvips about 20 s: a row at a time) would
   * hold the processing queue.
   */
  maxAspectRatio: 20,
  /** The longest side an encoded file may have: WebP's limit, 16,383 px (AVIF's, in libheif, is 16,384). */
  maxEncodedSide: 16_383,
  /**
   * The most pixels a project photo's largest file has: an upright phone photo's at 2400 px
   * (2400 × 3200). A tall image is scaled to it, so it takes no longer to encode than such a
   * photo (a 1000 × 17000 screenshot at full size took 8.5 s, against the 3 s budget).
   */
  largestFilePixels: 2400 * 3200,
} as const;

/**
 * sharp (libvips, a native library) is loaded by the first image read, not at the server's
 * start: most requests never touch an image (docs/decisions/032-server-speed.md). Every path
 * reads the header first (readImageHeader), so the synchronous helpers below find it loaded.
 */
let loadedSharp: typeof sharpFactory | undefined;
async function loadSharp(): Promise<typeof sharpFactory> {
  return (loadedSharp ??= (await import('sharp')).default);
}
function sharp(...args: Parameters<typeof sharpFactory>): Sharp {
  if (!loadedSharp) throw new Error('sharp is used before readImageHeader loaded it');
  return loadedSharp(...args);
}

const groupDigits = (n: number) => n.toLocaleString('en-AU');

/** Why an image of this size is refused, or null when it is within the limits. */
export function imageSizeProblem(width: number, height: number): string | null {
  const size = `${groupDigits(width)} × ${groupDigits(height)} pixels`;
  if (width * height > imageLimits.maxPixels) {
    const megapixels = Math.round((width * height) / 1_000_000);
    return `This image is ${size} (${megapixels} megapixels). Images can be at most ${imageLimits.maxPixels / 1_000_000} megapixels: please save it smaller and try again.`;
  }
  if (Math.max(width, height) > imageLimits.maxAspectRatio * Math.min(width, height)) {
    return `This image is ${size}: too long and narrow to show. Its longer side can be at most ${imageLimits.maxAspectRatio} times its shorter: please crop it and try again.`;
  }
  return null;
}

export interface ImageHeader {
  width: number;
  height: number;
  /** EXIF orientation, 1 when there is none. */
  orientation: number;
}

/**
 * Reads only an image's header and refuses (400, the message under `field`) one that cannot
 * be read, has too many pixels or an extreme shape: before its pixels are decoded or it
 * waits in a queue.
 */
export async function readImageHeader(input: Buffer | string, unreadable: string, field: string): Promise<ImageHeader> {
  await loadSharp();
  let header: ImageHeader;
  try {
    // No pixel limit here: the header says how many there are, and the message below says it.
    const { width = 0, height = 0, orientation = 1 } = await sharp(input, { limitInputPixels: false }).metadata();
    header = { width, height, orientation };
  } catch {
    throw new InvalidError(unreadable, { [field]: unreadable });
  }
  if (!header.width || !header.height) throw new InvalidError(unreadable, { [field]: unreadable });
  const problem = imageSizeProblem(header.width, header.height);
  if (problem) throw new InvalidError(problem, { [field]: problem });
  return header;
}

export const unreadablePhoto = 'This photo could not be read. It may be damaged: please export it again as JPEG and upload that.';

/** Widths made of a photo this wide: each listed width below its own, then its own (at most the largest listed). */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, Math.max(...projectLimits.photoWidths));
  return [...projectLimits.photoWidths.filter((w) => w < largest), largest];
}

/** An image decoded by the photo core: upright, sRGB, without alpha, within its profile's box. */
export interface UprightPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/**
 * What one kind of processed photo makes (project photos here, customers' photos in
 * attachments-pipeline.ts): the core reads the header, decodes once, and hands the pixels over.
 */
export interface PhotoProfile<Made> {
  /** What a photo that cannot be read is told, under `field`. */
  unreadable: string;
  field: string;
  /** The box the upright photo is decoded into (never enlarged), given its upright size. */
  box(upright: { width: number; height: number }): { width: number; height: number };
  /** The profile's files, encoded from the decoded pixels alone. */
  make(pixels: UprightPixels): Promise<Made>;
}

/**
 * Where every processed image starts: decoded within the pixel limit (a damaged file fails),
 * read in one pass, turned upright by its EXIF orientation and converted to sRGB.
 */
export function uprightImage(input: Buffer | string): Sharp {
  return sharp(input, { failOn: 'error', limitInputPixels: imageLimits.maxPixels, sequentialRead: true })
    .autoOrient()
    .toColourspace('srgb');
}

/** Decoded pixels as an image again, to scale or encode. */
export const fromPixels = (pixels: UprightPixels) =>
  sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels as 3 } });

/**
 * The one photo core: reads the header first (readImageHeader: too many pixels or an extreme
 * shape is refused before anything is decoded), decodes the photo once, turned upright, to
 * sRGB pixels without alpha and at most the profile's box, and lets the profile encode its
 * files from those pixels alone, so nothing of the original's metadata (GPS position,
 * camera, date, XMP, ICC) reaches them. A photo that cannot be decoded answers 400 with the
 * profile's message.
 */
export async function processImage<Made>(input: Buffer, profile: PhotoProfile<Made>): Promise<Made> {
  const header = await readImageHeader(input, profile.unreadable, profile.field);
  const upright = header.orientation >= 5 ? { width: header.height, height: header.width } : { width: header.width, height: header.height };
  const box = profile.box(upright);
  let decoded: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    // Decoding straight to the box keeps one full-size image in memory at most once.
    decoded = await uprightImage(input)
      .removeAlpha()
      .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new InvalidError(profile.unreadable, { [profile.field]: profile.unreadable });
  }
  return profile.make({ data: decoded.data, width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels });
}

/**
 * Project photos, what the public pages serve: AVIF and WebP at each width up to 2400 px
 * (never wider than the original), and a tiny placeholder. Each width is scaled from the next
 * larger one.
 */
export const projectPhotoProfile: PhotoProfile<ProcessedPhoto> = {
  unreadable: unreadablePhoto,
  field: 'photos',
  // At most the largest served width, and at most `largestFilePixels`: a tall image narrower
  // than 2400 px is scaled down too (1000 × 17000 to 672 × 11424). Within those limits no file
  // is taller than about 12,400 px; the height bound keeps the encoders' 16,383 px should they change.
  box: (upright) => {
    const areaScale = Math.sqrt(imageLimits.largestFilePixels / (upright.width * upright.height));
    const width = Math.min(Math.max(...projectLimits.photoWidths), Math.max(1, Math.floor(upright.width * areaScale)));
    return { width, height: imageLimits.maxEncodedSide };
  },
  make: async (pixels) => {
    const files: PhotoFile[] = [];
    let current = pixels;
    for (const width of widthsFor(pixels.width).sort((a, b) => b - a)) {
      if (width !== current.width) {
        const scaled = await fromPixels(current).resize({ width }).raw().toBuffer({ resolveWithObject: true });
        current = { data: scaled.data, width: scaled.info.width, height: scaled.info.height, channels: pixels.channels };
      }
      const step = current;
      const [avif, webp] = await Promise.all([
        fromPixels(step).avif(photoEncoding.avif).toBuffer(),
        fromPixels(step).webp(photoEncoding.webp).toBuffer(),
      ]);
      files.push({ format: 'avif', width: step.width, height: step.height, data: avif });
      files.push({ format: 'webp', width: step.width, height: step.height, data: webp });
    }
    const tiny = await fromPixels(current).resize({ width: photoEncoding.placeholderWidth }).blur(1).webp({ quality: 40 }).toBuffer();
    return {
      width: pixels.width,
      height: pixels.height,
      placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
      files: files.sort((a, b) => a.width - b.width || a.format.localeCompare(b.format)),
    };
  },
};

/** A project photo's files (projectPhotoProfile through the photo core). */
export const processPhoto = (input: Buffer): Promise<ProcessedPhoto> => processImage(input, projectPhotoProfile);

/** A thumbnail that cannot be decoded. */
export const unreadableImage =
  'This image could not be read. It may be damaged: please save it again as PNG, JPEG or WebP and upload that.';

/** The longest side of a model's thumbnail: the largest project-photo width, more than any card shows. */
export const thumbnailMaxSide = Math.max(...projectLimits.photoWidths);

/** Each accepted image type encoded again in its own format, with the photos' settings where they apply. */
const encoders: Readonly<Record<string, (image: Sharp) => Sharp>> = {
  'image/jpeg': (image) => image.jpeg({ quality: 85 }),
  'image/png': (image) => image.png(),
  'image/webp': (image) => image.webp(photoEncoding.webp),
  'image/avif': (image) => image.avif(photoEncoding.avif),
};

/**
 * An image published as it was uploaded (a 3D model's thumbnail), made safe to publish as
 * project photos are: its header checked first (readImageHeader), turned upright by its EXIF
 * orientation, at most `thumbnailMaxSide` on a side, converted to sRGB and encoded again in
 * its own format (so its address and content type stay as uploaded). sharp writes no
 * metadata unless asked: no EXIF (GPS position, camera, date), XMP, IPTC or ICC profile.
 * Transparency is kept (a PNG or WebP poster on the showroom's background).
 */
export async function cleanImage(input: Buffer | string, contentType: string, field = 'file'): Promise<Buffer> {
  const encode = Object.hasOwn(encoders, contentType) ? encoders[contentType] : undefined;
  if (!encode) throw new UnsupportedTypeError(uploadMessages.wrongType);
  await readImageHeader(input, unreadableImage, field);
  try {
    const image = uprightImage(input).resize({
      width: thumbnailMaxSide,
      height: thumbnailMaxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    return await encode(image).toBuffer();
  } catch {
    throw new InvalidError(unreadableImage, { [field]: unreadableImage });
  }
}

export { isHeic } from '@site/domain';

export const heicRefused = () => new UnsupportedTypeError(uploadMessages.heic);
