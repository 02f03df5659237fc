import { render, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import { answerWith } from '#web-test/api.ts';
import type { AttachedDesign } from '#web/lib/attached-design.ts';
import InquiryWizard from './inquiry-wizard';

function renderWizard(design: AttachedDesign | null = null) {
  const onSubmitted = vi.fn();
  const onClose = vi.fn();
  const wizard = (open: boolean) => (
    <DialogProviders>
      <InquiryWizard open={open} onClose={onClose} onSubmitted={onSubmitted} design={design} />
    </DialogProviders>
  );
  const { rerender, unmount } = render(wizard(true));
  /** What the page does: it shows or hides the wizard. */
  const setOpen = (open: boolean) => rerender(wizard(open));
  return { user: userEvent.setup(), dialog: screen.getByRole('dialog'), onSubmitted, onClose, setOpen, unmount };
}

const heading = () => screen.getByRole('heading', { level: 2 });
const button = (name: string) => screen.getByRole('button', { name });

/** Steps 1 to 3 answered: Kitchen and Laundry, $15,000 - $30,000, Next 3 months. */
async function reachContactStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button('Kitchen'));
  await user.click(button('Laundry'));
  await user.click(button('Next'));
  await user.click(button('$15,000 - $30,000'));
  await user.click(button('Next'));
  await user.click(button('Next 3 months'));
  await user.click(button('Next'));
}

/** A valid contact step: Ava Nguyen, ava@example.com, 0400 123 456. */
async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ava');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ava@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0400 123 456');
}

describe('the project inquiry wizard', () => {
  test('walks through the four steps with their titles, Next waiting for an answer and Back keeping it', async () => {
    const { user, dialog } = renderWizard();

    expect(heading()).toHaveTextContent('Select Rooms to Renovate');
    expect(dialog).toHaveAccessibleDescription('Choose one or more rooms');
    expect(within(dialog).getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(button('Next')).toBeDisabled();

    // Rooms toggle: chosen, then unchosen again.
    await user.click(button('Bathroom'));
    expect(button('Bathroom')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Next')).toBeEnabled();
    await user.click(button('Bathroom'));
    expect(button('Bathroom')).toHaveAttribute('aria-pressed', 'false');
    expect(button('Next')).toBeDisabled();
    await user.click(button('Study'));
    await user.click(button('Next'));

    expect(heading()).toHaveTextContent("What's Your Budget Range?");
    expect(dialog).toHaveAccessibleDescription('Select an approximate budget');
    expect(within(dialog).getByText('Step 2 of 4')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Budget ranges' }))
        .getAllByRole('button')
        .map((choice) => choice.textContent),
    ).toEqual(['$5,000 - $15,000', '$15,000 - $30,000', '$30,000 - $50,000']);
    expect(button('Next')).toBeDisabled();
    await user.click(button('$5,000 - $15,000'));
    await user.click(button('Next'));

    expect(heading()).toHaveTextContent('When Do You Want to Start?');
    expect(dialog).toHaveAccessibleDescription('Select your preferred timeline');
    expect(button('Next')).toBeDisabled();
    await user.click(button('As soon as possible'));
    await user.click(button('Next'));

    expect(heading()).toHaveTextContent('Your Contact Details');
    expect(dialog).toHaveAccessibleDescription("We'll get in touch shortly");
    expect(within(dialog).getByText('Step 4 of 4')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(button('Submit')).toBeEnabled();
    // The new step's title takes the focus, so a screen reader announces it.
    expect(heading()).toHaveFocus();

    // Back goes one step at a time, with the earlier answers still chosen.
    await user.click(button('Back'));
    expect(heading()).toHaveTextContent('When Do You Want to Start?');
    expect(button('As soon as possible')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('Back'));
    await user.click(button('Back'));
    expect(heading()).toHaveTextContent('Select Rooms to Renovate');
    expect(button('Study')).toHaveAttribute('aria-pressed', 'true');
  });

  test('closing forgets the answers: it opens again at step 1 with nothing chosen', async () => {
    const { user, onClose, setOpen } = renderWizard();
    await user.click(button('Kitchen'));
    await user.click(button('Next'));
    await user.click(button('$5,000 - $15,000'));

    await user.click(button('Close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    setOpen(false);
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    setOpen(true);

    expect(heading()).toHaveTextContent('Select Rooms to Renovate');
    expect(button('Kitchen')).toHaveAttribute('aria-pressed', 'false');
    expect(button('Next')).toBeDisabled();
  });

  test('comes back at the same step with the same answers after the page reloads', async () => {
    const first = renderWizard();
    await reachContactStep(first.user);
    await first.user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ava');
    first.unmount();

    const { user } = renderWizard();
    expect(heading()).toHaveTextContent('Your Contact Details');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ava');
    await user.click(button('Back'));
    expect(button('Next 3 months')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('Back'));
    expect(button('$15,000 - $30,000')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('Back'));
    expect(button('Kitchen')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Laundry')).toHaveAttribute('aria-pressed', 'true');
  });

  test("shows each contact field's message beneath it on Submit, focuses the first, and sends nothing", async () => {
    const fetch = answerWith(201, {});
    const { user } = renderWizard();
    await reachContactStep(user);

    await user.click(button('Submit'));

    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription('First name is required');
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription('Please enter a valid phone number');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();

    // After a submit, each field checks again as it changes.
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0400 123');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAccessibleDescription('Please enter a valid phone number');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), ' 456');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).not.toHaveAccessibleDescription();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ava@example');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Please enter a valid email');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).not.toHaveAccessibleDescription();
  });

  test('refuses a name with a web address beneath the field, and sends nothing', async () => {
    const fetch = answerWith(201, {});
    const { user } = renderWizard();
    await reachContactStep(user);
    await fillContact(user);
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await user.clear(firstName);
    await user.type(firstName, 'Claim your prize at www.example.com');

    await user.click(button('Submit'));

    expect(await screen.findByText('Please enter your name without a web address')).toBeVisible();
    expect(firstName).toHaveAccessibleDescription('Please enter your name without a web address');
    expect(fetch).not.toHaveBeenCalled();
  });

  test('sends the answers and contact details to /api/project-inquiry and hands the first name on', async () => {
    const fetch = answerWith(201, { id: 'inq-1' });
    const { user, onSubmitted } = renderWizard();
    await reachContactStep(user);

    await fillContact(user);
    await user.click(button('Submit'));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/project-inquiry');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      rooms: ['kitchen', 'laundry'],
      budget: '15000-30000',
      timeline: '3-months',
      firstName: 'Ava',
      lastName: 'Nguyen',
      email: 'ava@example.com',
      phone: '0400 123 456',
      marketingConsent: false,
      website: '',
    });
  });

  test('keeps the dialog and the answers and shows the error toast when the server refuses', async () => {
    answerWith(500, { message: 'Internal error' });
    const { user, onSubmitted } = renderWizard();
    await reachContactStep(user);
    await fillContact(user);
    await user.click(button('Submit'));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to submit your inquiry. Please try again.');
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(heading()).toHaveTextContent('Your Contact Details');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ava');
    expect(button('Submit')).toBeEnabled();
  });
});

describe('an inquiry about a showroom design', () => {
  const island: AttachedDesign = { modelId: 'island', name: 'Kitchen Island', variant: 'Walnut' };

  const sent = (fetch: ReturnType<typeof answerWith>) => {
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    return JSON.parse(init.body as string) as Record<string, unknown>;
  };

  test('shows the design on every step and sends the model and its finish with the answers', async () => {
    const fetch = answerWith(201, { id: 'inq-1' });
    const { user, dialog, onSubmitted } = renderWizard(island);
    expect(within(dialog).getByText('Design: Kitchen Island (Walnut)')).toBeVisible();
    await reachContactStep(user);
    expect(within(dialog).getByText('Design: Kitchen Island (Walnut)')).toBeVisible();
    await fillContact(user);
    await user.click(button('Submit'));

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('Ava'));
    expect(sent(fetch)).toEqual({
      rooms: ['kitchen', 'laundry'],
      budget: '15000-30000',
      timeline: '3-months',
      firstName: 'Ava',
      lastName: 'Nguyen',
      email: 'ava@example.com',
      phone: '0400 123 456',
      marketingConsent: false,
      modelId: 'island',
      variant: 'Walnut',
      website: '',
    });
  });

  test('Remove takes the design off, and the inquiry goes without it', async () => {
    const fetch = answerWith(201, { id: 'inq-2' });
    const { user, dialog, onSubmitted } = renderWizard({ modelId: 'vanity', name: 'Floating Vanity' });
    expect(within(dialog).getByText('Design: Floating Vanity')).toBeVisible();
    await user.click(button('Remove design Floating Vanity'));
    expect(within(dialog).queryByText('Design: Floating Vanity')).not.toBeInTheDocument();

    await reachContactStep(user);
    await fillContact(user);
    await user.click(button('Submit'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(sent(fetch)).not.toHaveProperty('modelId');
    expect(sent(fetch)).not.toHaveProperty('variant');
  });

  test('keeps the design through a reload of the page', async () => {
    const first = renderWizard(island);
    await first.user.click(button('Kitchen'));
    first.unmount();
    renderWizard();
    expect(screen.getByText('Design: Kitchen Island (Walnut)')).toBeVisible();
  });
});
