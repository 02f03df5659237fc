/** What the attachment tests share: a PDF as drawing programs save one, and the form's upload steps. */
import type { AttachmentUploadUrl, UploadedAttachment } from '@site/domain';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Client, TestApp } from './harness';

/** A small PDF as a drawing program saves it: header, catalog, trailer, `%%EOF`. */
export function samplePdf(extraBytes = 0): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n'),
    Buffer.alloc(extraBytes, 0x20),
    Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

/** Asks for an upload URL and PUTs the file to it, as the form does (a client may say another size than it sends). */
export async function upload(client: Client, file: Buffer, contentType: string, name: string, size = file.length) {
  const ticket = await client.post<AttachmentUploadUrl>('/api/attachments/upload-url', { contentType, name, size });
  if (ticket.status !== 200) throw new Error(`upload-url ${ticket.status} ${ticket.text}`);
  return client.request<UploadedAttachment>('PUT', ticket.body.uploadURL, { body: file, headers: ticket.body.headers });
}

/** The id in an attachment's url. */
export const idOf = (url: string) => url.split('/').pop()!;

/** Files under the test app's object store's attachments folder. */
export function storedFiles(t: TestApp): string[] {
  const dir = join(t.dir, 'objects', 'attachments');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}
