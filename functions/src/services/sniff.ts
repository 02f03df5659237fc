import type { UploadKind } from '@site/domain';

export interface Sniffed {
  kind: UploadKind;
  contentType: string;
  extension: string;
}

/** Bytes needed to recognise every allowed type. */
export const sniffLength = 12;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/**
 * Recognises the allowed upload types by their first bytes: GLB ('glTF'), PNG, JPEG, WebP
 * and AVIF. Everything else (SVG, HTML, text, other images) is refused.
 */
export function sniff(head: Uint8Array): Sniffed | null {
  if (head.length >= 4 && ascii(head, 0, 4) === 'glTF') {
    return { kind: 'model', contentType: 'model/gltf-binary', extension: 'glb' };
  }
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) {
    return { kind: 'thumbnail', contentType: 'image/png', extension: 'png' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: 'thumbnail', contentType: 'image/jpeg', extension: 'jpg' };
  }
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { kind: 'thumbnail', contentType: 'image/webp', extension: 'webp' };
  }
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(head, 8, 12))) {
    return { kind: 'thumbnail', contentType: 'image/avif', extension: 'avif' };
  }
  return null;
}
