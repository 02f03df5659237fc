import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import { attached, item, jpeg, pdf, picker, sentTo, stubApi, storage, withStorageServer } from '#web-test/attachments.ts';
import QuoteDialog from './quote-dialog';

withStorageServer();

function renderQuote({ applyAccept = true } = {}) {
  const onSubmitted = vi.fn();
  const onClose = vi.fn();
  render(
    <DialogProviders>
      <QuoteDialog open onClose={onClose} onSubmitted={onSubmitted} />
    </DialogProviders>,
  );
  return { user: userEvent.setup({ applyAccept }), onSubmitted, onClose };
}

async function fillQuote(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ava');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ava@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Richmond');
  await user.click(screen.getByRole('radio', { name: 'Kitchen' }));
}

describe('photos and plans with a quote request', () => {
  test('removes a file by its button, and the request is sent with the others only', async () => {
    const requests = stubApi();
    const { user, onSubmitted } = renderQuote();
    await user.upload(picker(), [jpeg('kitchen.jpg'), pdf('plan.pdf')]);
    await waitFor(() => expect(within(item('plan.pdf')).getByText('Uploaded')).toBeVisible());
    await waitFor(() => expect(within(item('kitchen.jpg')).getByText('Uploaded')).toBeVisible());

    await user.click(screen.getByRole('button', { name: 'Remove kitchen.jpg' }));
    expect(within(attached()!).queryByText('kitchen.jpg')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost:3000/preview-1');

    await fillQuote(user);
    await user.click(screen.getByRole('button', { name: 'Request Free Quote' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(sentTo(requests, '/api/quote-request')[0].body).toMatchObject({
      firstName: 'Ava',
      room: 'Kitchen',
      attachments: [{ url: '/api/attachments/id-planpdf', name: 'plan.pdf' }],
    });
  });

  test('sends no attachments field when nothing is attached', async () => {
    const requests = stubApi();
    const { user, onSubmitted } = renderQuote();
    await fillQuote(user);
    await user.click(screen.getByRole('button', { name: 'Request Free Quote' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(sentTo(requests, '/api/quote-request')[0].body).not.toHaveProperty('attachments');
  });

  test('sending waits for the uploads still running, saying so on the button, then sends them all', async () => {
    const requests = stubApi();
    const { user, onSubmitted } = renderQuote();
    await fillQuote(user);
    storage.hold = true;
    await user.upload(picker(), [jpeg('kitchen.jpg'), pdf('plan.pdf')]);
    await waitFor(() => expect(storage.held).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Request Free Quote' }));
    expect(await screen.findByRole('button', { name: 'Uploading files (2 left)...' })).toBeDisabled();
    expect(sentTo(requests, '/api/quote-request')).toHaveLength(0);

    storage.release();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(sentTo(requests, '/api/quote-request')).toHaveLength(1);
    expect(sentTo(requests, '/api/quote-request')[0].body).toMatchObject({
      attachments: [
        { url: '/api/attachments/id-kitchenjpg', name: 'kitchen.jpg' },
        { url: '/api/attachments/id-planpdf', name: 'plan.pdf' },
      ],
    });
  });

  test("shows the server's refusal on the file; sending stops until it is tried again or removed", async () => {
    const requests = stubApi();
    let refuse = true;
    storage.answer = (name) =>
      name === 'kitchen.jpg' && refuse ? { status: 415, body: { message: 'This photo could not be read.' } } : undefined;
    const { user, onSubmitted } = renderQuote();
    await fillQuote(user);
    await user.upload(picker(), [jpeg('kitchen.jpg')]);
    expect(await within(item('kitchen.jpg')).findByText('This photo could not be read.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Request Free Quote' }));
    expect(await screen.findByText('Some files did not upload. Please try them again or remove them, then send.')).toHaveFocus();
    expect(sentTo(requests, '/api/quote-request')).toHaveLength(0);
    expect(onSubmitted).not.toHaveBeenCalled();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try kitchen.jpg again' }));
    await waitFor(() => expect(within(item('kitchen.jpg')).getByText('Uploaded')).toBeVisible());
    expect(screen.queryByText(/Some files did not upload/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request Free Quote' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(sentTo(requests, '/api/quote-request')[0].body).toMatchObject({
      attachments: [{ url: '/api/attachments/id-kitchenjpg', name: 'kitchen.jpg' }],
    });
  });
});
