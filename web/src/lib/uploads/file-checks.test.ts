import { limits } from '@site/domain';
import { describe, expect, it } from 'vitest';
import { checkFile, fileMessages, formatBytes } from './file-checks';

const glbHead = new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 0, 0, 0, 0]);
const pngHead = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const webpHead = new TextEncoder().encode('RIFF\0\0\0\0WEBP');
const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');

const file = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name);

/** A file that claims a size without holding the bytes. */
const sized = (head: Uint8Array, name: string, size: number) => {
  const real = file(head, name);
  return { name, size, slice: real.slice.bind(real) };
};

describe('checkFile', () => {
  it('accepts a GLB and the four image types', async () => {
    expect(await checkFile('model', file(glbHead, 'Island.GLB'))).toBeNull();
    expect(await checkFile('thumbnail', file(pngHead, 'thumb.png'))).toBeNull();
    expect(await checkFile('thumbnail', file(webpHead, 'thumb.webp'))).toBeNull();
    expect(await checkFile('thumbnail', file(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'thumb.jpeg'))).toBeNull();
  });

  it('refuses files over the limits, naming the size', async () => {
    expect(await checkFile('model', sized(glbHead, 'big.glb', limits.glbMaxBytes + 1))).toBe(
      fileMessages.tooLarge('model', limits.glbMaxBytes + 1),
    );
    expect(await checkFile('model', sized(glbHead, 'max.glb', limits.glbMaxBytes))).toBeNull();
    expect(await checkFile('thumbnail', sized(pngHead, 'big.png', limits.thumbnailMaxBytes + 1))).toMatch(
      /^This file is 10\.0 MB\. Thumbnails can be at most 10 MB\.$/,
    );
  });

  it('refuses the wrong type by extension and by content, and SVG always', async () => {
    expect(await checkFile('model', file(pngHead, 'thumb.png'))).toBe(fileMessages.wrongType('model'));
    expect(await checkFile('model', file(pngHead, 'renamed.glb'))).toBe(fileMessages.wrongType('model'));
    expect(await checkFile('thumbnail', file(glbHead, 'model.png'))).toBe(fileMessages.wrongType('thumbnail'));
    expect(await checkFile('thumbnail', file(svg, 'logo.svg'))).toBe(fileMessages.wrongType('thumbnail'));
    expect(await checkFile('thumbnail', file(svg, 'logo.png'))).toBe(fileMessages.wrongType('thumbnail'));
    expect(await checkFile('model', file(new Uint8Array(), 'empty.glb'))).toBe(fileMessages.empty);
  });

  it('formats sizes for people', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(104_857_600)).toBe('100.0 MB');
  });
});
