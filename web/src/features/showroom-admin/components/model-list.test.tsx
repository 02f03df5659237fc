import type { Model3d } from '@site/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { answerRequests } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { adminModelsQueryKey } from '../api/models';
import { ModelList } from './model-list';

const base: Omit<Model3d, 'id' | 'name' | 'processing'> = {
  description: 'A sample for the list.',
  modelUrl: '/objects/models/a.glb',
  originalUrl: '/objects/models/a-original.glb',
  thumbnailUrl: '',
  exposure: 1,
  shadowIntensity: 0.5,
  displayOrder: 0,
  createdAt: '2026-01-05T10:00:00.000Z',
  variants: [],
  hotspots: [],
};

const island: Model3d = {
  ...base,
  id: 'island',
  name: 'Kitchen Island',
  processing: 'done',
  stats: { originalBytes: 13_002_342, optimizedBytes: 1_153_434, triangles: 48_210, textures: 3, maxTextureSize: 2048 },
};
const vanity: Model3d = {
  ...base,
  id: 'vanity',
  name: 'Floating Vanity',
  originalUrl: '/objects/models/vanity.glb',
  processing: 'pending',
};
const robe: Model3d = {
  ...base,
  id: 'robe',
  name: 'Walk-in Robe',
  processing: 'failed',
  processingError: 'The file has no meshes',
  stats: { originalBytes: 2048, optimizedBytes: 2048, triangles: 0, textures: 0, maxTextureSize: 0 },
};

function renderList(models: Model3d[]) {
  answerRequests(() => ({ status: 200, body: models, headers: { 'X-Total-Count': String(models.length) } }));
  const queryClient = createQueryClient();
  renderWithProviders(<ModelList editingId={null} onEdit={vi.fn()} onDeleted={vi.fn()} />, { queryClient });
  return queryClient;
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe("the admin's 3D models list", () => {
  test("shows each model's optimisation: sizes before and after, triangles, largest texture, and its state", async () => {
    renderList([island, vanity, robe]);
    await screen.findByRole('listitem', { name: 'Kitchen Island' });

    expect(within(card('Kitchen Island')).getByRole('status')).toHaveTextContent('Optimised');
    expect(within(card('Kitchen Island')).getByText('12.4 MB → 1.1 MB · 48,210 triangles · largest texture 2048 px')).toBeVisible();
    expect(within(card('Floating Vanity')).getByRole('status')).toHaveTextContent('Optimising…');
    expect(within(card('Walk-in Robe')).getByRole('status')).toHaveTextContent('Not optimised: The file has no meshes');
    expect(within(card('Walk-in Robe')).getByText('2.0 KB · 0 triangles · no textures')).toBeVisible();
  });

  test('links to the original file, for admins to download', async () => {
    renderList([island]);
    const link = await screen.findByRole('link', { name: 'Download original of Kitchen Island' });
    expect(link).toHaveAttribute('href', '/objects/models/a-original.glb');
    expect(link).toHaveAttribute('download');
  });

  test('deleting asks first: Cancel sends nothing, Delete removes the model', async () => {
    const requests = answerRequests(({ method }) =>
      method === 'DELETE' ? { status: 204 } : { status: 200, body: [island, vanity], headers: { 'X-Total-Count': '2' } },
    );
    const onDeleted = vi.fn();
    const { user } = renderWithProviders(<ModelList editingId={null} onEdit={vi.fn()} onDeleted={onDeleted} />);
    const deleteButton = await screen.findByRole('button', { name: 'Delete Kitchen Island' });
    await user.click(deleteButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Kitchen Island?' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this 3D model?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.click(deleteButton);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('island'));
    expect(requests).toContainEqual({ method: 'DELETE', url: '/api/3d-models/island', body: undefined });
  });

  test('a live change moves the card from Optimising… to Optimised by itself', async () => {
    const queryClient = renderList([vanity]);
    expect(await within(await screen.findByRole('listitem', { name: 'Floating Vanity' })).findByRole('status')).toHaveTextContent(
      'Optimising…',
    );
    // What the dashboard's live updates do when the server's processing finishes.
    answerRequests(() => ({
      status: 200,
      body: [{ ...vanity, processing: 'done', stats: { ...island.stats } }],
      headers: { 'X-Total-Count': '1' },
    }));
    await act(() => queryClient.invalidateQueries({ queryKey: adminModelsQueryKey }));
    expect(await within(card('Floating Vanity')).findByText('Optimised')).toBeVisible();
    expect(within(card('Floating Vanity')).getByText(/12\.4 MB → 1\.1 MB/)).toBeVisible();
  });
});
