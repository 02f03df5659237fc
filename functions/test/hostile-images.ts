/**
 * Images of the sizes and shapes the hostile review sent, made here (a PNG of one colour
 * compresses to a few hundred KB at most, however many pixels it has): the tests upload them
 * as photos, attachments and thumbnails.
 */
import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 136, g: 170, b: 204 } } })
    .png()
    .toBuffer();

/** A long screenshot of a web page: 1000 × 17000, taller than the AVIF (16,384) and WebP (16,383) encoders take. */
export const tallScreenshot = () => solid(1000, 17_000);

/** A line: 1 × 100,000 pixels, 100,000 to 1. */
export const thinLine = () => solid(1, 100_000);

/** 8000 × 8000: 64 megapixels, over the 60 allowed, in a sane shape. */
export const tooManyPixels = () => solid(8000, 8000);

/**
 * The review's own: a 1 × 59,000,000 greyscale PNG (just under 60 megapixels, 115 KB). sharp
 * takes about a minute to write 59 million rows (libvips works a row at a time), and as long
 * again to decode them, so this one is written out directly: the PNG signature, its header
 * (IHDR), the rows deflated (IDAT) and the end (IEND), each chunk with its CRC.
 */
export function line59Megapixels(): Buffer {
  const width = 1;
  const height = 59_000_000;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale
  // Each row: filter type 0, then its one grey byte.
  const rows = deflateSync(Buffer.alloc(height * (1 + width)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
