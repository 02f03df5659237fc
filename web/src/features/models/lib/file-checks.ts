import { sniffLength, sniffUpload, uploadMessages, uploadRules, type UploadKind } from '@site/domain';

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
  if (file.size > rules.maxBytes) return fileMessages.tooLarge(kind, file.size);
  const name = file.name.toLowerCase();
  if (!rules.extensions.some((extension) => name.endsWith(extension))) return fileMessages.wrongType(kind);
  const head = new Uint8Array(await file.slice(0, sniffLength).arrayBuffer());
  if (sniffUpload(head)?.kind !== kind) return fileMessages.wrongType(kind);
  return null;
}
