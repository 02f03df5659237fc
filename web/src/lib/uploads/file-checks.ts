import { isHeic, sniffLength, sniffUpload, uploadMessages, uploadRules, type UploadKind } from '@site/domain';

export { formatBytes, uploadRules } from '@site/domain';

/** The messages beside the file picker (the server answers with the same limits and types). */
export const fileMessages = uploadMessages.form;

/**
 * Checks a chosen file before anything is uploaded: its size against the kind's limit, its
 * extension, and its first bytes. Returns the message to show, or null when it may go.
 */
export async function checkFile(kind: UploadKind, file: Pick<File, 'name' | 'size' | 'slice'>): Promise<string | null> {
  const rules = uploadRules[kind];
  if (file.size === 0) return fileMessages.empty;
  const name = file.name.toLowerCase();
  const head = new Uint8Array(await file.slice(0, sniffLength).arrayBuffer());
  // An iPhone's HEIC photo: say how to get a JPEG instead of only that the type is wrong.
  if (kind !== 'model' && (/\.hei[cf]$/.test(name) || isHeic(head))) return uploadMessages.heic;
  if (file.size > rules.maxBytes) return fileMessages.tooLarge(kind, file.size);
  if (!rules.extensions.some((extension) => name.endsWith(extension))) return fileMessages.wrongType(kind);
  // Any image may be a project photo.
  const sniffed = sniffUpload(head)?.kind;
  if (sniffed !== kind && !(kind === 'photo' && sniffed === 'thumbnail')) return fileMessages.wrongType(kind);
  return null;
}
