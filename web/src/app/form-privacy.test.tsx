import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import InquiryWizard from '../features/inquiry/components/inquiry-wizard';
import QuoteDialog from '../features/quote/components/quote-dialog';
import ReviewDialog from '../features/reviews/components/review-dialog';
import { answerWith } from '#web-test/api.ts';
import DialogProviders from '../components/dialog-providers';

const consentLabel = 'Send me occasional renovation ideas and offers';

const sentBody = (fetch: ReturnType<typeof answerWith>) => {
  const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  return JSON.parse(init.body as string) as Record<string, unknown>;
};

/** The notice's sentence and its link to the privacy policy, opened in a new tab. */
function expectNotice(dialog: HTMLElement, sentence: RegExp) {
  expect(within(dialog).getByText(sentence)).toBeVisible();
  const link = within(dialog).getByRole('link', { name: /^privacy policy/ });
  expect(link).toHaveAttribute('href', '/privacy');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveTextContent('privacy policy (opens in a new tab)');
}

async function reachContactStep(user: ReturnType<typeof userEvent.setup>) {
  for (const name of ['Kitchen', 'Next', '$15,000 - $30,000', 'Next', 'Next 3 months', 'Next'])
    await user.click(screen.getByRole('button', { name }));
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ava');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ava@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0400 123 456');
}

async function fillQuote(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ava');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ava@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Richmond');
  await user.click(screen.getByRole('radio', { name: 'Kitchen' }));
}

describe('the collection notice and the marketing-consent box', () => {
  test('the inquiry’s last step shows the notice and an unticked box, and sends false when left alone', async () => {
    const fetch = answerWith(201, { id: 'inq-1' });
    const onSubmitted = vi.fn();
    render(
      <DialogProviders>
        <InquiryWizard open onClose={vi.fn()} onSubmitted={onSubmitted} />
      </DialogProviders>,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('checkbox', { name: consentLabel })).not.toBeInTheDocument();
    await reachContactStep(user);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: consentLabel })).not.toBeChecked();
    expectNotice(dialog, /^We use these details only to reply about your project\. See our/);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(sentBody(fetch).marketingConsent).toBe(false);
  });

  test('the inquiry sends true once the box is ticked', async () => {
    const fetch = answerWith(201, { id: 'inq-2' });
    const onSubmitted = vi.fn();
    render(
      <DialogProviders>
        <InquiryWizard open onClose={vi.fn()} onSubmitted={onSubmitted} />
      </DialogProviders>,
    );
    const user = userEvent.setup();
    await reachContactStep(user);
    await user.click(screen.getByRole('checkbox', { name: consentLabel }));
    expect(screen.getByRole('checkbox', { name: consentLabel })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(sentBody(fetch).marketingConsent).toBe(true);
  });

  test('the quote request shows the notice and an unticked box, and sends what the box says', async () => {
    for (const tick of [false, true]) {
      const fetch = answerWith(201, { id: 'quote-1' });
      const onSubmitted = vi.fn();
      const { unmount } = render(
        <DialogProviders>
          <QuoteDialog open onClose={vi.fn()} onSubmitted={onSubmitted} />
        </DialogProviders>,
      );
      const user = userEvent.setup();
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByRole('checkbox', { name: consentLabel })).not.toBeChecked();
      expectNotice(dialog, /^We use these details only to reply about your project\. See our/);
      await fillQuote(user);
      if (tick) await user.click(screen.getByRole('checkbox', { name: consentLabel }));
      await user.click(screen.getByRole('button', { name: 'Request Free Quote' }));
      await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
      expect(sentBody(fetch).marketingConsent, `ticked: ${tick}`).toBe(tick);
      unmount();
    }
  });

  test('the review form says what is published and links the policy, with no marketing box', () => {
    answerWith(201, {});
    render(
      <DialogProviders>
        <ReviewDialog open onClose={vi.fn()} onSubmitted={vi.fn()} />
      </DialogProviders>,
    );
    const dialog = screen.getByRole('dialog');
    expectNotice(dialog, /^We publish your name, rating and review once approved\. Your email is never shown/);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
