import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import { attached, jpeg, pdf, picker, sentTo, stubApi, withStorageServer } from '#web-test/attachments.ts';
import InquiryWizard from './inquiry-wizard';

withStorageServer();

describe('attachments in the project inquiry', () => {
  test("the wizard's last step takes photos and plans, and the inquiry is sent with them", async () => {
    const requests = stubApi();
    const onSubmitted = vi.fn();
    render(
      <DialogProviders>
        <InquiryWizard open onClose={vi.fn()} onSubmitted={onSubmitted} />
      </DialogProviders>,
    );
    const user = userEvent.setup();
    const button = (name: string) => screen.getByRole('button', { name });
    await user.click(button('Kitchen'));
    await user.click(button('Next'));
    expect(screen.queryByLabelText('Add photos or plans')).not.toBeInTheDocument();
    await user.click(button('$15,000 - $30,000'));
    await user.click(button('Next'));
    await user.click(button('Next 3 months'));
    await user.click(button('Next'));

    await user.upload(picker(), [jpeg('kitchen.jpg'), pdf('plan.pdf')]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 of 2 files uploaded'));
    // Back and forth keeps them.
    await user.click(button('Back'));
    await user.click(button('Next'));
    expect(within(attached()!).getAllByRole('listitem')).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ava');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ava@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0400 123 456');
    await user.click(button('Submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(sentTo(requests, '/api/project-inquiry')[0].body).toMatchObject({
      rooms: ['kitchen'],
      attachments: [
        { url: '/api/attachments/id-kitchenjpg', name: 'kitchen.jpg' },
        { url: '/api/attachments/id-planpdf', name: 'plan.pdf' },
      ],
    });
  });
});
