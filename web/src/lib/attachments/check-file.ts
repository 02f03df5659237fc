import {
  attachmentExtensions,
  attachmentKindOf,
  attachmentLimits,
  attachmentMessages,
  isHeic,
  sniffUpload,
  type AttachmentKind,
} from '@site/domain';

/** Bytes read to recognise a file: the image signatures and a PDF's `%PDF-`. */
const headLength = 16;

export type FileCheck = { ok: true; contentType: string; kind: AttachmentKind } | { ok: false; message: string };

const pdfSignature = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * Checks a chosen file before it is uploaded, with the server's own messages: empty, an
 * iPhone's HEIC photo, over 20 MB, not a photo or PDF by its name or by its first bytes.
 * The content type sent is the one its bytes show, since phones often give none or a wrong one.
 */
export async function checkAttachment(file: Pick<File, 'name' | 'size' | 'slice'>): Promise<FileCheck> {
  const messages = attachmentMessages.form;
  if (file.size === 0) return { ok: false, message: messages.empty };
  const name = file.name.toLowerCase();
  const head = new Uint8Array(await file.slice(0, headLength).arrayBuffer());
  if (/\.hei[cf]$/.test(name) || isHeic(head)) return { ok: false, message: attachmentMessages.heic };
  if (file.size > attachmentLimits.maxBytes) return { ok: false, message: messages.tooLarge(file.size) };
  if (!attachmentExtensions.some((extension) => name.endsWith(extension))) return { ok: false, message: messages.wrongType };
  const contentType = pdfSignature.every((byte, index) => head[index] === byte) ? 'application/pdf' : sniffUpload(head)?.contentType;
  const kind = contentType ? attachmentKindOf(contentType) : undefined;
  if (!contentType || !kind) return { ok: false, message: messages.wrongType };
  return { ok: true, contentType, kind };
}
