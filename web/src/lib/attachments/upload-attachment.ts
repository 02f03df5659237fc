import { attachmentMessages, attachmentPaths, type AttachmentUploadUrl, type UploadedAttachment } from '@site/domain';
import { api, ApiRequestError } from '../api-client';
import { putFile, UploadError } from '../uploads/upload-file';

export interface SendOptions {
  /** From 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type SendAttachment = (file: File, contentType: string, options: SendOptions) => Promise<Pick<UploadedAttachment, 'url' | 'name'>>;

/** The sentence to show for a failed upload: the server's own (a 400's field message, a 413, 415 or 429), or a plain one. */
export function uploadErrorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const fieldMessage = Object.values(error.body?.errors ?? {}).find((text) => typeof text === 'string' && text);
    return fieldMessage ?? error.body?.message ?? attachmentMessages.form.uploadFailed;
  }
  if (error instanceof UploadError) return error.message;
  return attachmentMessages.form.uploadFailed;
}

/**
 * One customer file: an upload URL for what the file is (its type by its bytes, its name and
 * size), then the file itself with XMLHttpRequest for its progress. Resolves with the reference
 * the form sends.
 */
export const sendAttachment: SendAttachment = async (file, contentType, { onProgress, signal }) => {
  const issued = await api.post<AttachmentUploadUrl>(attachmentPaths.uploadUrl, { contentType, name: file.name, size: file.size });
  const stored = await putFile(issued, file, { onProgress, signal });
  return { url: stored.url, name: file.name };
};
