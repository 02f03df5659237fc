import { attachmentMessages, projectLimits } from '@site/domain';
import sharp from 'sharp';
import { HttpError } from '../http/errors';
import { imageLimits, photoEncoding, readImageHeader } from './photo-pipeline';

/** The lead card's preview: sharp on a high-density screen at the card's 160 px. */
export const thumbnailSize = 480;

export interface ProcessedAttachment {
  /** Upright, at most the project photos' largest width on either side, as WebP. */
  full: { data: Buffer; width: number; height: number };
  thumbnail: Buffer;
}

const unreadable = () => new HttpError(400, attachmentMessages.unreadablePhoto, { file: attachmentMessages.unreadablePhoto });

/**
 * Reads only a photo's header (dimensions, format), in milliseconds: a file that is not a
 * decodable image, or one with more pixels than any camera's or an extreme shape (a 1 ×
 * 59,000,000 line), is refused while the customer waits for the upload, with the reason, and
 * never reaches the processing queue. The full decoding happens later, in the background.
 */
export async function checkPhotoHeader(path: string): Promise<void> {
  await readImageHeader(path, attachmentMessages.unreadablePhoto, 'file');
}

/**
 * What a customer's photo becomes, as project photos do (services/photo-pipeline.ts): turned
 * upright by its EXIF orientation, decoded to sRGB pixels, and encoded from those pixels
 * alone, so nothing of the original's metadata (GPS position, camera, date, XMP, ICC) is
 * kept; scaled down to the largest project-photo width. Two files only (the full view and
 * the lead card's preview): staff look at these, no public page does.
 */
export async function processAttachmentPhoto(input: Buffer): Promise<ProcessedAttachment> {
  const largest = Math.max(...projectLimits.photoWidths);
  let upright: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    upright = await sharp(input, { failOn: 'error', limitInputPixels: imageLimits.maxPixels, sequentialRead: true })
      .autoOrient()
      .toColourspace('srgb')
      .removeAlpha()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const { data, info } = upright;
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 3 } });
  const [full, thumbnail] = await Promise.all([
    raw().webp(photoEncoding.webp).toBuffer(),
    raw()
      .resize({ width: thumbnailSize, height: thumbnailSize, fit: 'inside', withoutEnlargement: true })
      .webp(photoEncoding.webp)
      .toBuffer(),
  ]);
  return { full: { data: full, width: info.width, height: info.height }, thumbnail };
}
