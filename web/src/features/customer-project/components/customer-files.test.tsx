import { attachmentMessages, type CustomerPage } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { item, jpeg, picker, sentTo, storage, withStorageServer } from '#web-test/attachments.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import CustomerProjectPage from './customer-project-page';

withStorageServer();

const page: CustomerPage = {
  lead: { kind: 'quote', firstName: 'Ava', lastName: 'Nguyen', createdAt: '2026-11-20T01:00:00.000Z', details: [] },
  files: [{ name: 'plan.pdf', kind: 'pdf', size: 250_000 }],
  quotes: [],
  depositMethods: { card: false, bank: true },
  deposit: { percent: null },
  business: { brand: 'Fitzroy Joinery', phone: '03 9000 0000', email: 'hello@example.com.au' },
};

/** The page's API, with upload URLs on the storage server and `files` answering POST .../files. */
function renderPage(files: (request: SentRequest) => Answer) {
  const requests = answerRequests((request) => {
    if (request.url === '/api/attachments/upload-url') {
      const body = request.body as { contentType: string; name: string };
      return {
        status: 200,
        body: {
          uploadURL: `${storage.origin}/put/${encodeURIComponent(body.name)}`,
          method: 'PUT',
          headers: { 'Content-Type': body.contentType },
        },
      };
    }
    if (request.url === '/api/customer/tok-1/files') return files(request);
    return { status: 200, body: page };
  });
  return { requests, ...renderWithProviders(<CustomerProjectPage />, { url: '/your-project?t=tok-1' }) };
}

const yourFiles = () => within(screen.getByText('plan.pdf (PDF, 250 KB)').closest('ul')!);

describe("the customer's page: adding files", () => {
  test('uploads a photo, sends it to their lead, and the list shows it', async () => {
    const { user, requests } = renderPage(() => ({
      status: 200,
      body: { files: [...page.files, { name: 'kitchen.jpg', kind: 'photo', size: 2048 }] },
    }));
    expect(await screen.findByRole('heading', { name: 'Add photos or plans' })).toBeVisible();
    await user.upload(picker(), [jpeg('kitchen.jpg')]);
    await waitFor(() => expect(within(item('kitchen.jpg')).getByText('Uploaded')).toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Thank you: we have your file.')).toBeVisible();
    expect(sentTo(requests, '/api/customer/tok-1/files')).toEqual([
      {
        method: 'POST',
        url: '/api/customer/tok-1/files',
        body: { attachments: [{ url: '/api/attachments/id-kitchenjpg', name: 'kitchen.jpg' }] },
      },
    ]);
    expect(yourFiles().getByText('kitchen.jpg (photo, 2 KB)')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  test("shows the server's message when it refuses the files", async () => {
    const { user } = renderPage(() => ({
      status: 400,
      body: { message: attachmentMessages.tooMany, errors: { attachments: attachmentMessages.tooMany } },
    }));
    await screen.findByRole('heading', { name: 'Add photos or plans' });
    await user.upload(picker(), [jpeg('kitchen.jpg')]);
    await waitFor(() => expect(within(item('kitchen.jpg')).getByText('Uploaded')).toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(attachmentMessages.tooMany)).toHaveAttribute('role', 'alert');
    expect(yourFiles().queryByText(/kitchen\.jpg/)).toBeNull();
  });
});
