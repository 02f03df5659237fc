/**
 * What each kind of upload accepts, how a file is recognised by its first bytes, and what
 * is said when it is refused: one source for the admin form's checks before uploading and
 * the server's checks while the file streams in.
 */
import { limits } from './limits';
import type { UploadKind } from './records';

export interface UploadRule {
  maxBytes: number;
  /** File name endings the picker offers. */
  extensions: readonly string[];
  /** The content types of this kind, with the extension a stored file gets. */
  contentTypes: Readonly<Record<string, string>>;
  /** The file input's `accept`. */
  accept: string;
}

const rule = (maxBytes: number, extensions: readonly string[], contentTypes: Record<string, string>): UploadRule => ({
  maxBytes,
  extensions,
  contentTypes,
  accept: [...extensions, ...Object.keys(contentTypes)].join(','),
});

export const uploadRules: Readonly<Record<UploadKind, UploadRule>> = {
  model: rule(limits.glbMaxBytes, ['.glb'], { 'model/gltf-binary': 'glb' }),
  thumbnail: rule(limits.thumbnailMaxBytes, ['.png', '.jpg', '.jpeg', '.webp', '.avif'], {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/webp': 'webp',
    'image/avif': 'avif',
  }),
  photo: rule(limits.photoMaxBytes, ['.jpg', '.jpeg', '.png', '.webp', '.avif'], {
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'image/avif': 'avif',
  }),
  document: rule(limits.documentMaxBytes, ['.pdf'], { 'application/pdf': 'pdf' }),
};

/** The extension a stored file of this kind and declared content type gets, or undefined when the kind does not take that type. */
export function uploadExtension(kind: UploadKind, contentType: string): string | undefined {
  const types = uploadRules[kind].contentTypes;
  return Object.hasOwn(types, contentType) ? types[contentType] : undefined;
}

export interface SniffedUpload {
  kind: UploadKind;
  contentType: string;
  extension: string;
}

/** Bytes needed to recognise every accepted type. */
export const sniffLength = 12;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

const sniffed = (kind: UploadKind, contentType: string): SniffedUpload => ({
  kind,
  contentType,
  extension: uploadRules[kind].contentTypes[contentType],
});

/**
 * Recognises the accepted types by their first bytes: GLB ('glTF'), PDF ('%PDF-'), PNG, JPEG,
 * WebP and AVIF. Everything else (SVG, HTML, text, other images) is refused, whatever its name.
 */
export function sniffUpload(head: Uint8Array): SniffedUpload | null {
  if (head.length >= 4 && ascii(head, 0, 4) === 'glTF') return sniffed('model', 'model/gltf-binary');
  if (head.length >= 5 && ascii(head, 0, 5) === '%PDF-') return sniffed('document', 'application/pdf');
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b))
    return sniffed('thumbnail', 'image/png');
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return sniffed('thumbnail', 'image/jpeg');
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return sniffed('thumbnail', 'image/webp');
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(head, 8, 12)))
    return sniffed('thumbnail', 'image/avif');
  return null;
}

/** HEIC/HEIF, an iPhone's own photo format, by its `ftyp` brand: refused with how to export a JPEG. */
export function isHeic(head: Uint8Array): boolean {
  if (head.length < 12 || ascii(head, 4, 8) !== 'ftyp') return false;
  return ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(ascii(head, 8, 12));
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The API's answers (413, 415, 400) and the admin form's messages, built on them. */
export const uploadMessages = {
  empty: 'The file is empty',
  wrongType: 'Only GLB models, PDF documents and PNG, JPEG, WebP or AVIF images can be uploaded',
  tooLarge: (kind: UploadKind | '') =>
    kind === 'thumbnail'
      ? `Thumbnails can be at most ${megabytes(limits.thumbnailMaxBytes)}`
      : kind === 'model'
        ? `GLB models can be at most ${megabytes(limits.glbMaxBytes)}`
        : kind === 'photo'
          ? `Photos can be at most ${megabytes(limits.photoMaxBytes)}`
          : kind === 'document'
            ? `Documents can be at most ${megabytes(limits.documentMaxBytes)}`
            : 'The file is too large',
  /** 415 for an iPhone's HEIC photo: browsers cannot show it, and sharp's prebuilt binary cannot read it. */
  heic: 'HEIC photos cannot be used on the web. Please export the photo as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible) and upload that.',
  /** Shown beside the file picker. */
  form: {
    empty: 'This file is empty.',
    tooLarge: (kind: UploadKind, size: number) => `This file is ${formatBytes(size)}. ${uploadMessages.tooLarge(kind)}.`,
    wrongType: (kind: UploadKind) =>
      kind === 'model'
        ? 'This is not a GLB model. Please choose a .glb file.'
        : kind === 'document'
          ? 'This is not a PDF. Please choose a .pdf file.'
          : 'This is not a PNG, JPEG, WebP or AVIF image. Please choose one of those.',
  },
};
