import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { useConfirm } from './use-confirm';

function DeleteButton({ onConfirm }: { onConfirm: () => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button
        onClick={() =>
          confirm({ title: 'Delete review from Olivia Chen?', question: 'Are you sure you want to delete this review?', onConfirm })
        }
      >
        Delete review
      </button>
      {dialog}
    </>
  );
}

function setup() {
  const onConfirm = vi.fn();
  const user = userEvent.setup();
  render(<DeleteButton onConfirm={onConfirm} />);
  return { onConfirm, user, trigger: screen.getByRole('button', { name: 'Delete review' }) };
}

describe('the delete confirmation', () => {
  test('is an alert dialog named by its title, asking the question, with Cancel focused', async () => {
    const { user, trigger, onConfirm } = setup();
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete review from Olivia Chen?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this review?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('Escape and Cancel keep the record, and focus goes back to the button', async () => {
    const { user, trigger, onConfirm } = setup();
    await user.click(trigger);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Enter on the focused Cancel keeps it too.
    await user.click(trigger);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('Delete goes ahead once and closes the dialog', async () => {
    const { user, trigger, onConfirm } = setup();
    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
