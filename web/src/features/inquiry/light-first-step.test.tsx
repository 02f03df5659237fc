import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import InquiryWizard from './components/inquiry-wizard';
import { clearWizard } from './hooks/wizard-storage';
import { showLightFirstStep } from './light-first-step';

function opener() {
  const button = document.createElement('button');
  button.textContent = 'Start Your Project';
  document.body.append(button);
  button.focus();
  return button;
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  clearWizard();
});

describe('the wizard’s first step drawn before its code', () => {
  test('is a modal dialog with the first step’s heading, its rooms and a Next that waits for a room', async () => {
    const user = userEvent.setup();
    showLightFirstStep(opener());
    const dialog = screen.getByRole('dialog', { name: 'Select Rooms to Renovate' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Choose one or more rooms');
    expect(within(dialog).getByText('Step 1 of 4')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    const rooms = within(within(dialog).getByRole('list', { name: 'Rooms' })).getAllByRole('button');
    expect(rooms.map((room) => room.textContent)).toEqual(['Kitchen', 'Bathroom', 'Laundry', 'Wardrobe', 'Study']);
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await user.click(rooms[0]);
    expect(rooms[0]).toHaveAttribute('aria-pressed', 'true');
    expect(next).toBeEnabled();
    await user.click(rooms[0]);
    expect(rooms[0]).toHaveAttribute('aria-pressed', 'false');
    expect(next).toBeDisabled();
  });

  test('keeps focus inside, and closes by Escape, the close button or a tap outside, giving focus back to its button', async () => {
    const user = userEvent.setup();
    for (const close of ['Escape', 'button', 'outside'] as const) {
      const button = opener();
      const step = showLightFirstStep(button);
      const dialog = screen.getByRole('dialog');
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
      await user.tab({ shift: true });
      // Next is disabled, so the last of the dialog's buttons is the last room.
      expect(within(dialog).getByRole('button', { name: 'Study' })).toHaveFocus();
      await user.tab();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

      if (close === 'Escape') await user.keyboard('{Escape}');
      else if (close === 'button') await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      else await user.click(dialog.parentElement!);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(step.closed).toBe(true);
      expect(button).toHaveFocus();
      expect(document.body.style.overflow).toBe('');
      button.remove();
    }
  });

  test('hands its rooms over to the wizard, which opens on them', async () => {
    const user = userEvent.setup();
    const step = showLightFirstStep(opener());
    await user.click(screen.getByRole('button', { name: 'Laundry' }));
    await user.click(screen.getByRole('button', { name: 'Kitchen' }));
    expect(step.handOver()).toEqual({ room: 0 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(step.closed).toBe(false);

    render(
      <DialogProviders>
        <InquiryWizard open onClose={vi.fn()} onSubmitted={vi.fn()} />
      </DialogProviders>,
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Select Rooms to Renovate');
    expect(screen.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Laundry' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Bathroom' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('after Next, says the second step is on its way, and the wizard opens on it', async () => {
    const user = userEvent.setup();
    const step = showLightFirstStep(opener());
    await user.click(screen.getByRole('button', { name: 'Bathroom' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const busy = screen.getByRole('button', { name: 'Loading…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // Rooms no longer change once Next was pressed.
    await user.click(screen.getByRole('button', { name: 'Kitchen' }));
    expect(screen.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'false');
    busy.focus();
    expect(step.handOver()).toBe('next');

    render(
      <DialogProviders>
        <InquiryWizard open onClose={vi.fn()} onSubmitted={vi.fn()} />
      </DialogProviders>,
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent("What's Your Budget Range?");
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Bathroom' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'false');
  });
});
