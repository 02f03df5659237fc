import { attachmentLimits } from '@site/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { describe, expect, test } from 'vitest';
import { AttachmentUploads } from '#web/lib/attachments/attachment-uploads.ts';
import type { SendAttachment } from '#web/lib/attachments/upload-attachment.ts';
import { useAttachmentUploads } from '#web/lib/attachments/use-attachment-uploads.ts';
import {
  attached,
  heic,
  item,
  jpeg,
  ofSize,
  pdf,
  picker,
  png,
  sentTo,
  stubApi,
  storage,
  withStorageServer,
} from '#web-test/attachments.ts';
import DialogProviders from '../dialog-providers';
import { AttachmentPicker } from './attachment-picker';

withStorageServer();

/** The picker as a form holds it, with the real uploads (to the storage server). */
function FormPicker() {
  const { uploads, state } = useAttachmentUploads();
  return <AttachmentPicker uploads={uploads} state={state} />;
}

function renderPicker({ applyAccept = true } = {}) {
  render(
    <DialogProviders>
      <FormPicker />
    </DialogProviders>,
  );
  return { user: userEvent.setup({ applyAccept }) };
}

describe('the attachment picker', () => {
  test('is a labelled file input taking photos and PDFs, with the limits said beside it', () => {
    stubApi();
    renderPicker();
    const input = picker();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('multiple');
    expect(input.getAttribute('accept')).toContain('application/pdf');
    expect(input.getAttribute('accept')).toContain('image/avif');
    expect(input).toHaveAccessibleDescription(
      'Photos of the room or your plans help us understand the job. JPEG, PNG, WebP, AVIF or PDF, up to 20 MB each, at most 10 files.',
    );
  });

  test('refuses a file of the wrong type, one over 20 MB and a HEIC photo with the reasons, and uploads nothing of them', async () => {
    const requests = stubApi();
    const { user } = renderPicker({ applyAccept: false });
    // The input's accept list is a hint a browser may not enforce (drag and drop, "All files").
    await user.upload(picker(), [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    const refused = await screen.findByRole('list', { name: 'Files not added' });
    expect(refused).toHaveTextContent('notes.txt: This is not a photo (JPEG, PNG, WebP or AVIF) or a PDF. Please choose one of those.');

    await user.upload(picker(), [ofSize(jpeg('kitchen.jpg'), attachmentLimits.maxBytes + 1), heic('IMG_0001.HEIC')]);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Files not added' })).toHaveTextContent(
        'kitchen.jpg: This file is 20.0 MB. Files can be at most 20 MB.',
      ),
    );
    expect(screen.getByRole('list', { name: 'Files not added' })).toHaveTextContent(
      'IMG_0001.HEIC: HEIC photos cannot be attached. Please export the photo as JPEG (on an iPhone: Settings > Camera > Formats > Most Compatible) and attach that.',
    );
    // A web page renamed .pdf is refused by its bytes.
    await user.upload(picker(), [new File(['<html><script>alert(1)</script></html>'], 'plan.pdf', { type: 'application/pdf' })]);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Files not added' })).toHaveTextContent(
        'plan.pdf: This is not a photo (JPEG, PNG, WebP or AVIF) or a PDF. Please choose one of those.',
      ),
    );
    expect(attached()).not.toBeInTheDocument();
    expect(sentTo(requests, '/api/attachments/upload-url')).toHaveLength(0);
  });

  test('takes at most 10 files, saying so, and then offers no more', async () => {
    stubApi();
    const { user } = renderPicker();
    await user.upload(
      picker(),
      Array.from({ length: 11 }, (_, index) => jpeg(`photo-${index + 1}.jpg`)),
    );
    expect(await screen.findByText('You can attach up to 10 files')).toHaveAttribute('role', 'alert');
    expect(within(attached()!).getAllByRole('listitem')).toHaveLength(10);
    expect(within(attached()!).queryByText('photo-11.jpg')).not.toBeInTheDocument();
    expect(picker()).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('10 of 10 files uploaded'));
    expect(storage.received).toHaveLength(10);
  });

  test('uploads on pick, three at a time, with a progress bar each and a preview, then says Uploaded', async () => {
    const requests = stubApi();
    const { user } = renderPicker();
    storage.hold = true;
    await user.upload(picker(), [jpeg('kitchen.jpg'), png('laundry.png'), pdf('plan.pdf'), jpeg('bathroom.jpg')]);

    await waitFor(() => expect(storage.held).toHaveLength(3));
    expect(within(item('kitchen.jpg')).getByRole('progressbar', { name: 'Uploading kitchen.jpg' })).toBeVisible();
    expect(within(item('plan.pdf')).getByRole('progressbar', { name: 'Uploading plan.pdf' })).toBeVisible();
    // The fourth waits for one of the first three.
    expect(within(item('bathroom.jpg')).getByText('Waiting')).toBeVisible();
    expect(storage.received.map((file) => file.name).sort()).toEqual(['kitchen.jpg', 'laundry.png', 'plan.pdf']);
    // What each file is, by its bytes, with its name and size.
    expect(sentTo(requests, '/api/attachments/upload-url').map((request) => request.body)).toEqual([
      { contentType: 'image/jpeg', name: 'kitchen.jpg', size: 2048 },
      { contentType: 'image/png', name: 'laundry.png', size: 12 },
      { contentType: 'application/pdf', name: 'plan.pdf', size: 15 },
    ]);
    // Photos show themselves; a plan shows a PDF icon.
    expect(item('kitchen.jpg').querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(item('plan.pdf').querySelector('img')).toBeNull();
    expect(item('plan.pdf')).toHaveTextContent('plan.pdf (PDF, 15 bytes)');

    storage.release();
    await waitFor(() => expect(within(item('bathroom.jpg')).getByText('Uploaded')).toBeVisible());
    for (const name of ['kitchen.jpg', 'laundry.png', 'plan.pdf']) expect(within(item(name)).getByText('Uploaded')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('4 of 4 files uploaded');
    expect(storage.received.find((file) => file.name === 'plan.pdf')).toEqual({ name: 'plan.pdf', type: 'application/pdf', bytes: 15 });
  });

  test("shows the API's message when no upload URL is given, e.g. too many uploads", async () => {
    stubApi(() => ({ status: 429, body: { message: 'Too many uploads. Please wait a few minutes and try again.' } }));
    const { user } = renderPicker();
    await user.upload(picker(), [pdf('plan.pdf')]);
    expect(await within(item('plan.pdf')).findByText('Too many uploads. Please wait a few minutes and try again.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try plan.pdf again' })).toBeVisible();
    expect(storage.received).toHaveLength(0);
  });

  test("shows on each file why the server would not keep it: storage full (507) or the day's uploads from this connection (429)", async () => {
    stubApi();
    const full = 'We cannot take more files right now. Please try again later, or send your request without files.';
    const quota =
      'This connection has uploaded as much as we take in a day (200 MB). Please try again in 3 hours, or send your request without more files.';
    storage.answer = (name) =>
      name === 'kitchen.jpg'
        ? { status: 507, body: { message: full, errors: { file: full } } }
        : name === 'plan.pdf'
          ? { status: 429, body: { message: quota, errors: { file: quota } } }
          : undefined;
    const { user } = renderPicker();
    await user.upload(picker(), [jpeg('kitchen.jpg'), pdf('plan.pdf'), png('laundry.png')]);
    expect(await within(item('kitchen.jpg')).findByText(full)).toBeVisible();
    expect(await within(item('plan.pdf')).findByText(quota)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try kitchen.jpg again' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try plan.pdf again' })).toBeVisible();
    // The others upload as usual.
    expect(await within(item('laundry.png')).findByText('Uploaded')).toBeVisible();
    expect(within(item('laundry.png')).queryByText(full)).not.toBeInTheDocument();
  });
});

describe('upload progress', () => {
  // jsdom's XMLHttpRequest reports no upload progress, so here the transport is a stand-in
  // that reports what a browser's would.
  function Picker({ uploads }: { uploads: AttachmentUploads }) {
    const state = useSyncExternalStore(uploads.subscribe, uploads.getSnapshot);
    return <AttachmentPicker uploads={uploads} state={state} />;
  }

  test("shows each file's share sent, and 100 % only once the server has it", async () => {
    const transfers = new Map<string, { progress: (fraction: number) => void; finish: () => void }>();
    const send: SendAttachment = (file, _type, { onProgress }) =>
      new Promise((resolve) => {
        transfers.set(file.name, {
          progress: (fraction) => onProgress?.(fraction),
          finish: () => resolve({ url: `/api/attachments/${file.size}`, name: file.name }),
        });
      });
    const uploads = new AttachmentUploads(send);
    const user = userEvent.setup();
    render(
      <DialogProviders>
        <Picker uploads={uploads} />
      </DialogProviders>,
    );
    await user.upload(picker(), [jpeg('kitchen.jpg')]);
    await waitFor(() => expect(transfers.has('kitchen.jpg')).toBe(true));
    const bar = () => within(item('kitchen.jpg')).getByRole('progressbar', { name: 'Uploading kitchen.jpg' });
    expect(bar()).toHaveAttribute('aria-valuenow', '0');

    act(() => transfers.get('kitchen.jpg')!.progress(0.42));
    expect(bar()).toHaveAttribute('aria-valuenow', '42');
    expect(within(item('kitchen.jpg')).getByText('42%')).toBeVisible();
    act(() => transfers.get('kitchen.jpg')!.progress(1));
    expect(bar()).toHaveAttribute('aria-valuenow', '99');

    act(() => transfers.get('kitchen.jpg')!.finish());
    expect(await within(item('kitchen.jpg')).findByText('Uploaded')).toBeVisible();
    expect(within(item('kitchen.jpg')).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
