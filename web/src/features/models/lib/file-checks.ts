import { limits, type UploadKind } from '@site/domain';

/** What each upload accepts; the server checks the same by content (docs/api.md). */
export const uploadRules: Record<UploadKind, { maxBytes: number; extensions: readonly string[]; accept: string }> = {
  model: {
    maxBytes: limits.glbMaxBytes,
    extensions: ['.glb'],
    accept: '.glb,model/gltf-binary',
  },
  thumbnail: {
    maxBytes: limits.thumbnailMaxBytes,
    extensions: ['.png', '.jpg', '.jpeg', '.webp', '.avif'],
    accept: '.png,.jpg,.jpeg,.webp,.avif,image/png,image/jpeg,image/webp,image/avif',
  },
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The kind of file its first bytes say it is: a GLB ('glTF'), or a PNG, JPEG, WebP or AVIF image. */
export function sniffKind(head: Uint8Array): UploadKind | null {
  if (head.length >= 4 && ascii(head, 0, 4) === 'glTF') return 'model';
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return 'thumbnail';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'thumbnail';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'thumbnail';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(head, 8, 12))) return 'thumbnail';
  return null;
}

export const fileMessages = {
  empty: 'This file is empty.',
  tooLarge: (kind: UploadKind, size: number) =>
    kind === 'model'
      ? `This file is ${formatBytes(size)}. GLB models can be at most 100 MB.`
      : `This file is ${formatBytes(size)}. Thumbnails can be at most 10 MB.`,
  wrongType: (kind: UploadKind) =>
    kind === 'model' ? 'This is not a GLB model. Please choose a .glb file.' : 'This is not a PNG, JPEG, WebP or AVIF image. Please choose one of those.',
};

/**
 * Checks a chosen file before anything is uploaded: its size against the spec's limit, its
 * extension, and its first bytes. Returns the message to show, or null when it may go.
 */
export async function checkFile(kind: UploadKind, file: Pick<File, 'name' | 'size' | 'slice'>): Promise<string | null> {
  const rules = uploadRules[kind];
  if (file.size === 0) return fileMessages.empty;
  if (file.size > rules.maxBytes) return fileMessages.tooLarge(kind, file.size);
  const name = file.name.toLowerCase();
  if (!rules.extensions.some((extension) => name.endsWith(extension))) return fileMessages.wrongType(kind);
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  if (sniffKind(head) !== kind) return fileMessages.wrongType(kind);
  return null;
}
