import type { Model3d } from '@site/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import '#web-test/model-viewer.ts';
import ModelDialog from './model-dialog';

vi.mock('@google/model-viewer', () => import('#web-test/model-viewer.ts'));

const island: Model3d = {
  id: 'island',
  name: 'Kitchen Island',
  description: 'A walnut island bench with a stone top.',
  modelUrl: '/objects/models/island-optimised.glb',
  originalUrl: '/objects/models/island.glb',
  arUrl: '/objects/models/island-ar.glb',
  thumbnailUrl: '',
  exposure: 1,
  shadowIntensity: 0.5,
  displayOrder: 0,
  createdAt: '2026-01-05T10:00:00.000Z',
  processing: 'done',
  variants: ['Walnut', 'Oak'],
  hotspots: [
    { id: 'top', label: 'Stone benchtop', position: [0, 0.9, 0], normal: [0, 1, 0] },
    { id: 'drawers', label: 'Soft-close drawers', position: [0.5, 0.4, 0.3], normal: [0, 0, 1] },
  ],
};

function renderDialog(model: Model3d = island) {
  const onEnquire = vi.fn();
  render(
    <DialogProviders>
      <ModelDialog model={model} open onClose={vi.fn()} onExited={vi.fn()} onEnquire={onEnquire} />
    </DialogProviders>,
  );
  return { user: userEvent.setup(), onEnquire, dialog: screen.getByRole('dialog', { name: model.name }) };
}

/** The viewer element, once the (stand-in) library has loaded and the model is in. */
async function loadedViewer(dialog: HTMLElement) {
  await waitFor(() => expect(dialog.querySelector('model-viewer')).toHaveAttribute('data-status', 'loaded'));
  return dialog.querySelector('model-viewer')!;
}

describe('the showroom viewer', () => {
  test('offers the finishes as chips, the first one shown and pressed, and a chip switches the material', async () => {
    const { user, dialog } = renderDialog();
    const viewer = await loadedViewer(dialog);
    const finishes = within(dialog).getByRole('group', { name: 'Finish' });
    const walnut = within(finishes).getByRole('button', { name: 'Walnut' });
    const oak = within(finishes).getByRole('button', { name: 'Oak' });
    expect(walnut).toHaveAttribute('aria-pressed', 'true');
    expect(oak).toHaveAttribute('aria-pressed', 'false');
    expect(viewer).toHaveAttribute('variant-name', 'Walnut');

    await user.click(oak);
    expect(oak).toHaveAttribute('aria-pressed', 'true');
    expect(walnut).toHaveAttribute('aria-pressed', 'false');
    expect(viewer).toHaveAttribute('variant-name', 'Oak');
  });

  test('a model without variants has no finish chips', async () => {
    const { dialog } = renderDialog({ ...island, variants: [] });
    const viewer = await loadedViewer(dialog);
    expect(within(dialog).queryByRole('group', { name: 'Finish' })).not.toBeInTheDocument();
    expect(viewer).not.toHaveAttribute('variant-name');
  });

  test('shows the hotspots as labelled buttons on the model, reached by Tab and listed in its text alternative', async () => {
    const { user, dialog } = renderDialog();
    const viewer = await loadedViewer(dialog);
    expect(viewer).toHaveAttribute(
      'alt',
      '3D model: Kitchen Island. A walnut island bench with a stone top. Labelled points: Stone benchtop, Soft-close drawers.',
    );
    const top = within(dialog).getByRole('button', { name: 'Stone benchtop' });
    const drawers = within(dialog).getByRole('button', { name: 'Soft-close drawers' });
    expect(top).toHaveAttribute('slot', 'hotspot-top');
    expect(top).toHaveAttribute('data-position', '0 0.9 0');
    expect(drawers).toHaveAttribute('data-normal', '0 0 1');

    top.focus();
    await user.tab();
    expect(drawers).toHaveFocus();
    // Pressing one turns the model to face it.
    await user.click(drawers);
    expect((viewer as HTMLElement & { cameraTarget: string }).cameraTarget).toBe('0.5m 0.4m 0.3m');
  });

  test('shows the width, height and depth in metres when Dimensions is on', async () => {
    const { user, dialog } = renderDialog();
    await loadedViewer(dialog);
    const toggle = within(dialog).getByRole('button', { name: 'Dimensions' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).queryByText('2.40 m × 0.90 m × 0.60 m', { exact: false })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByTestId('model-dimensions')).toHaveTextContent('Width × height × depth: 2.40 m × 0.90 m × 0.60 m');
    expect(within(dialog).getByText('2.40 m × 0.90 m × 0.60 m', { exact: false })).toBeVisible();

    await user.click(toggle);
    expect(within(dialog).queryByTestId('model-dimensions')).not.toBeInTheDocument();
  });

  test('offers AR at true scale', async () => {
    const { dialog } = renderDialog();
    const viewer = await loadedViewer(dialog);
    expect(viewer).toHaveAttribute('ar-modes', 'webxr scene-viewer quick-look');
    expect(viewer).toHaveAttribute('ar-scale', 'fixed');
    expect(within(dialog).getByRole('button', { name: 'View in your room' })).toHaveAttribute('slot', 'ar-button');
  });

  test('"Enquire about this design" hands over the model and the finish chosen', async () => {
    const { user, dialog, onEnquire } = renderDialog();
    await loadedViewer(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Oak' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enquire about this design' }));
    expect(onEnquire).toHaveBeenCalledWith({ modelId: 'island', name: 'Kitchen Island', variant: 'Oak' });
  });
});
