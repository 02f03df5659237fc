import { attachmentMessages } from '@site/domain';
import { describe, expect, test } from 'vitest';
import { UploadCancelled, UploadError } from '../uploads/upload-file';
import { attachmentProblem, AttachmentUploads } from './attachment-uploads';
import type { SendAttachment } from './upload-attachment';

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], name, { type: 'image/jpeg' });
const pdf = (name: string) => new File(['%PDF-1.7\n%%EOF\n'], name, { type: 'application/pdf' });

/** A transport whose uploads the test finishes or fails one by one. */
function transport() {
  const open = new Map<string, { resolve: () => void; reject: (error: Error) => void; signal?: AbortSignal }>();
  const sent: string[] = [];
  const send: SendAttachment = (file, _contentType, { signal }) =>
    new Promise((resolve, reject) => {
      sent.push(file.name);
      open.set(file.name, { resolve: () => resolve({ url: `/api/attachments/${file.name}`, name: file.name }), reject, signal });
      signal?.addEventListener('abort', () => reject(new UploadCancelled()));
    });
  const settle = async (name: string, error?: Error) => {
    const upload = open.get(name)!;
    open.delete(name);
    if (error) upload.reject(error);
    else upload.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { send, open, sent, settle };
}

describe('a form’s attachment uploads', () => {
  test('upload three at a time, the next starting when one ends', async () => {
    const { send, open, sent, settle } = transport();
    const uploads = new AttachmentUploads(send);
    await uploads.add([jpeg('a.jpg'), jpeg('b.jpg'), pdf('c.pdf'), jpeg('d.jpg'), jpeg('e.jpg')]);
    expect(sent).toEqual(['a.jpg', 'b.jpg', 'c.pdf']);
    expect(uploads.getSnapshot().items.map((item) => item.status)).toEqual(['uploading', 'uploading', 'uploading', 'waiting', 'waiting']);
    await settle('b.jpg');
    expect(sent).toEqual(['a.jpg', 'b.jpg', 'c.pdf', 'd.jpg']);
    expect(open.size).toBe(3);
    expect(uploads.pending).toBe(4);
  });

  test('finish waits for the running uploads and gives the uploaded files in the order picked', async () => {
    const { send, settle } = transport();
    const uploads = new AttachmentUploads(send);
    await uploads.add([jpeg('a.jpg'), pdf('b.pdf')]);
    const finished = uploads.finish();
    expect(uploads.getSnapshot().waiting).toBe(true);
    // A second send meanwhile is the same send.
    expect(await uploads.finish()).toEqual({ cancelled: true });
    await settle('b.pdf');
    await settle('a.jpg');
    expect(await finished).toEqual({
      refs: [
        { url: '/api/attachments/a.jpg', name: 'a.jpg' },
        { url: '/api/attachments/b.pdf', name: 'b.pdf' },
      ],
    });
    expect(uploads.getSnapshot().waiting).toBe(false);
  });

  test('a failed upload stops the send until it is retried or removed', async () => {
    const { send, settle, sent } = transport();
    const uploads = new AttachmentUploads(send);
    await uploads.add([jpeg('a.jpg'), jpeg('b.jpg')]);
    await settle('a.jpg', new UploadError('This photo could not be read.', 415));
    await settle('b.jpg');
    expect(uploads.getSnapshot().items[0]).toMatchObject({ status: 'failed', error: 'This photo could not be read.' });
    expect(await uploads.finish()).toEqual({ failed: true });
    expect(uploads.getSnapshot().problem).toBe(attachmentProblem);

    uploads.retry(uploads.getSnapshot().items[0].key);
    expect(uploads.getSnapshot().problem).toBeUndefined();
    expect(sent.filter((name) => name === 'a.jpg')).toHaveLength(2);
    await settle('a.jpg', new Error('network'));
    expect(uploads.getSnapshot().items[0].error).toBe(attachmentMessages.form.uploadFailed);

    uploads.remove(uploads.getSnapshot().items[0].key);
    expect(await uploads.finish()).toEqual({ refs: [{ url: '/api/attachments/b.jpg', name: 'b.jpg' }] });
  });

  test('removing a file stops its upload; clearing the form ends a send that was waiting', async () => {
    const { send, open } = transport();
    const uploads = new AttachmentUploads(send);
    await uploads.add([jpeg('a.jpg'), jpeg('b.jpg')]);
    const aborted = open.get('a.jpg')!.signal!;
    uploads.remove(uploads.getSnapshot().items[0].key);
    expect(aborted.aborted).toBe(true);
    expect(uploads.getSnapshot().items.map((item) => item.name)).toEqual(['b.jpg']);

    const finished = uploads.finish();
    uploads.clear();
    expect(await finished).toEqual({ cancelled: true });
    expect(uploads.getSnapshot().items).toEqual([]);
  });

  test('refuses files it cannot take before uploading, and more than ten', async () => {
    const { send, sent } = transport();
    const uploads = new AttachmentUploads(send);
    await uploads.add([new File(['plain text'], 'notes.txt'), new File([], 'empty.jpg')]);
    expect(uploads.getSnapshot().refusals.map(({ name, message }) => ({ name, message }))).toEqual([
      { name: 'notes.txt', message: attachmentMessages.form.wrongType },
      { name: 'empty.jpg', message: attachmentMessages.form.empty },
    ]);
    await uploads.add(Array.from({ length: 12 }, (_, index) => jpeg(`${index}.jpg`)));
    expect(uploads.getSnapshot().items).toHaveLength(10);
    expect(uploads.getSnapshot().notice).toBe('You can attach up to 10 files');
    expect(uploads.getSnapshot().refusals).toEqual([]);
    expect(sent).toHaveLength(3);
  });
});
