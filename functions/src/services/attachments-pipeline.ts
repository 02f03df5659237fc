import { attachmentMessages, projectLimits } from '@site/domain';
import { fromPixels, photoEncoding, processImage, readImageHeader, type PhotoProfile } from './photo-pipeline';

/** The lead card's preview: sharp on a high-density screen at the card's 160 px. */
export const thumbnailSize = 480;

export interface ProcessedAttachment {
  /** Upright, at most the project photos' largest width on either side, as WebP. */
  full: { data: Buffer; width: number; height: number };
  thumbnail: Buffer;
}

const largest = Math.max(...projectLimits.photoWidths);

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
 * Customers' photos, through the photo core as project photos go (services/photo-pipeline.ts):
 * upright, nothing of the original's metadata (GPS position, camera, date, XMP, ICC) kept,
 * scaled down to the largest project-photo width on either side. Two WebP files only (the full
 * view and the lead card's preview): staff look at these, no public page does.
 */
export const attachmentPhotoProfile: PhotoProfile<ProcessedAttachment> = {
  unreadable: attachmentMessages.unreadablePhoto,
  field: 'file',
  box: () => ({ width: largest, height: largest }),
  make: async (pixels) => {
    const [full, thumbnail] = await Promise.all([
      fromPixels(pixels).webp(photoEncoding.webp).toBuffer(),
      fromPixels(pixels)
        .resize({ width: thumbnailSize, height: thumbnailSize, fit: 'inside', withoutEnlargement: true })
        .webp(photoEncoding.webp)
        .toBuffer(),
    ]);
    return { full: { data: full, width: pixels.width, height: pixels.height }, thumbnail };
  },
};

/** A customer's photo's two files (attachmentPhotoProfile through the photo core). */
export const processAttachmentPhoto = (input: Buffer): Promise<ProcessedAttachment> => processImage(input, attachmentPhotoProfile);
