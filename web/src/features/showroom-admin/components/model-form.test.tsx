import type { Model3d } from '@site/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import { fakeViewer } from '#web-test/model-viewer.ts';
import { ModelForm } from './model-form';

vi.mock('@google/model-viewer', () => import('#web-test/model-viewer.ts'));

/**
 * The API behind fetch: each call is recorded and answered by `answer`; a request for an
 * upload URL gets one on `storage`.
 */
function stubApi(answer: (url: string, body: unknown) => { status: number; body: unknown }) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const sent = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
    const { status, body } =
      url === '/api/objects/upload'
        ? { status: 200, body: { uploadURL: `${storage.origin}/upload/${(sent as { kind: string }).kind}` } }
        : answer(url, sent);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  /** The API calls other than the upload URLs, as method, path and parsed body. */
  const saves = () =>
    fetch.mock.calls
      .filter(([url]) => url !== '/api/objects/upload')
      .map(([url, init]) => ({ method: init.method, url, body: init.body ? JSON.parse(init.body as string) : undefined }));
  return { fetch, saves };
}

/**
 * Where the files go: the browser PUTs them to the upload URL with XMLHttpRequest (for its
 * progress events), which fetch does not cover, so a small HTTP server on this machine takes
 * them, as the real server does, and answers with the stored location.
 */
let storage: { origin: string; received: { path: string; type: string; bytes: Buffer }[]; server: Server };

beforeEach(async () => {
  const received: typeof storage.received = [];
  const server = createServer((request, response) => {
    // The page (http://localhost:3000) and this server differ in origin, as with Cloud Storage.
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'PUT');
      response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, type: request.headers['content-type'] ?? '', bytes: Buffer.concat(chunks) });
      response.writeHead(201, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ url: `/objects${path.replace('/upload', '')}/stored` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  storage = { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
});

afterEach(async () => {
  await new Promise((resolve) => storage.server.close(resolve));
});

function renderForm(editing: Model3d | null = null) {
  const onDone = vi.fn();
  render(
    <DialogProviders>
      <ModelForm editing={editing} onDone={onDone} />
    </DialogProviders>,
  );
  return { user: userEvent.setup(), onDone };
}

const nameField = () => screen.getByRole('textbox', { name: 'Model Name' });
const descriptionField = () => screen.getByRole('textbox', { name: 'Description (minimum 5 characters)' });
const button = (name: string) => screen.getByRole('button', { name });
const fileInput = (kind: 'model' | 'thumbnail') => document.querySelector<HTMLInputElement>(`input[type=file][name=${kind}-file]`)!;

// The first bytes the form checks: a GLB starts with 'glTF', a PNG with its signature.
const glb = (name = 'kitchen.glb') =>
  new File([new Uint8Array([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 20, 0, 0, 0])], name, { type: 'model/gltf-binary' });
const png = (name = 'kitchen.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, { type: 'image/png' });
/** A file that says it has `size` bytes, without the test holding 100 MB. */
const ofSize = (file: File, size: number) => Object.defineProperty(file, 'size', { value: size });

const model: Model3d = {
  id: 'm1',
  name: 'Richmond kitchen',
  description: 'Walnut island bench with brass handles',
  modelUrl: '/objects/models/m1-optimised.glb',
  originalUrl: '/objects/models/m1.glb',
  thumbnailUrl: '/objects/thumbnails/m1.png',
  exposure: 1.2,
  shadowIntensity: 0.3,
  displayOrder: 0,
  createdAt: '2026-01-05T10:00:00.000Z',
  processing: 'done',
  variants: [],
  hotspots: [{ id: 'tap', label: 'Brass tap', position: [0.1, 0.95, 0], normal: [0, 1, 0] }],
};

describe('the 3D model form', () => {
  test('adds with empty fields, exposure 0.6 and shadow 0.5, and Add Model waits for a name, a description and a GLB', async () => {
    stubApi(() => ({ status: 201, body: {} }));
    const { user } = renderForm();

    expect(screen.getByRole('heading', { name: 'Add New 3D Model' })).toBeVisible();
    expect(nameField()).toHaveValue('');
    expect(descriptionField()).toHaveValue('');
    expect(screen.getByText('Exposure: 0.6')).toBeVisible();
    expect(screen.getByText('Shadow Intensity: 0.5')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(button('Add Model')).toBeDisabled();

    await user.type(nameField(), 'Richmond kitchen');
    await user.type(descriptionField(), 'Walnut island bench');
    // The thumbnail is optional; the GLB is not.
    expect(button('Add Model')).toBeDisabled();
  });

  test('keeps the sliders to 0-2 (exposure) and 0-1 (shadow) in steps of 0.1', async () => {
    stubApi(() => ({ status: 201, body: {} }));
    const { user } = renderForm();
    const exposure = screen.getByRole('slider', { name: 'Exposure: 0.6' });
    const shadow = screen.getByRole('slider', { name: 'Shadow Intensity: 0.5' });
    expect(exposure).toHaveAttribute('aria-valuemin', '0');
    expect(exposure).toHaveAttribute('aria-valuemax', '2');
    expect(shadow).toHaveAttribute('aria-valuemin', '0');
    expect(shadow).toHaveAttribute('aria-valuemax', '1');

    exposure.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByText('Exposure: 0.9')).toBeVisible();
    await user.keyboard('{End}');
    expect(screen.getByText('Exposure: 2.0')).toBeVisible();
    shadow.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Shadow Intensity: 0.4')).toBeVisible();
    await user.keyboard('{End}');
    expect(screen.getByText('Shadow Intensity: 1.0')).toBeVisible();
  });

  test('takes a GLB of up to 100 MB and refuses a larger one, a thumbnail over 10 MB or a file of the wrong kind, before anything is sent', async () => {
    const { fetch } = stubApi(() => ({ status: 201, body: {} }));
    renderForm();
    // The picker offers only the accepted types, but a user can switch it to all files.
    const user = userEvent.setup({ applyAccept: false });
    const glbField = screen.getByRole('group', { name: 'GLB Model File' });
    const thumbnailField = screen.getByRole('group', { name: 'Thumbnail Image (optional)' });
    const refusal = (field: HTMLElement, message: string) => within(field).findByText(message, { selector: '[role=alert]' });

    await user.upload(fileInput('model'), ofSize(glb(), 100 * 1024 * 1024 + 1));
    expect(await refusal(glbField, 'This file is 100.0 MB. GLB models can be at most 100 MB.')).toBeVisible();
    await user.upload(fileInput('model'), png());
    expect(await refusal(glbField, 'This is not a GLB model. Please choose a .glb file.')).toBeVisible();
    await user.upload(fileInput('model'), ofSize(glb(), 100 * 1024 * 1024));
    expect(await within(glbField).findByRole('button', { name: 'Confirm upload' })).toBeVisible();
    await user.click(within(glbField).getByRole('button', { name: 'Cancel' }));
    // Named .glb, but its bytes are not a GLB.
    await user.upload(fileInput('model'), new File(['<html></html>'], 'page.glb'));
    expect(await refusal(glbField, 'This is not a GLB model. Please choose a .glb file.')).toBeVisible();

    await user.upload(fileInput('thumbnail'), ofSize(png(), 10 * 1024 * 1024 + 1));
    expect(await refusal(thumbnailField, 'This file is 10.0 MB. Thumbnails can be at most 10 MB.')).toBeVisible();
    await user.upload(fileInput('thumbnail'), glb('kitchen.png'));
    expect(await refusal(thumbnailField, 'This is not a PNG, JPEG, WebP or AVIF image. Please choose one of those.')).toBeVisible();

    expect(fetch).not.toHaveBeenCalled();
    expect(button('Add Model')).toBeDisabled();
  });

  test('uploads each file only once confirmed, then adds the model with what was uploaded', async () => {
    const { saves } = stubApi(() => ({ status: 201, body: { ...model, id: 'm2' } }));
    const { user, onDone } = renderForm();
    const thumbnailField = screen.getByRole('group', { name: 'Thumbnail Image (optional)' });
    const glbField = screen.getByRole('group', { name: 'GLB Model File' });

    // The thumbnail first: with a GLB and no thumbnail the form offers to make one in a 3D view.
    await user.upload(fileInput('thumbnail'), png());
    expect(await within(thumbnailField).findByText('kitchen.png')).toBeVisible();
    expect(within(thumbnailField).getByText('(12 bytes)', { exact: false })).toBeVisible();
    expect(storage.received).toEqual([]);
    await user.click(within(thumbnailField).getByRole('button', { name: 'Confirm upload' }));
    expect(await within(thumbnailField).findByText('Uploaded')).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent('Thumbnail uploaded successfully');

    await user.upload(fileInput('model'), glb());
    await user.click(await within(glbField).findByRole('button', { name: 'Confirm upload' }));
    expect(await within(glbField).findByText('Uploaded')).toBeVisible();
    expect(storage.received.map(({ path, type, bytes }) => ({ path, type, size: bytes.length }))).toEqual([
      { path: '/upload/thumbnail', type: 'image/png', size: 12 },
      { path: '/upload/model', type: 'model/gltf-binary', size: 12 },
    ]);

    // A name of two letters is refused beside the field, and nothing is saved.
    await user.type(nameField(), 'Ri');
    await user.type(descriptionField(), 'Walnut island bench');
    await user.click(button('Add Model'));
    expect(await screen.findByText('Name must be at least 3 characters')).toBeVisible();
    expect(saves()).toEqual([]);

    await user.type(nameField(), 'chmond kitchen');
    await user.click(button('Add Model'));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(saves()).toEqual([
      {
        method: 'POST',
        url: '/api/3d-models',
        body: {
          name: 'Richmond kitchen',
          description: 'Walnut island bench',
          modelUrl: '/objects/model/stored',
          thumbnailUrl: '/objects/thumbnail/stored',
          exposure: 0.6,
          shadowIntensity: 0.5,
          hotspots: [],
        },
      },
    ]);
    expect(await screen.findByText('3D model added successfully')).toBeVisible();
    expect(nameField()).toHaveValue('');
  });

  test("edits a model with its values filled in, shows the server's field message and the error toast, and Cancel leaves", async () => {
    const { saves } = stubApi(() => ({
      status: 400,
      body: { message: 'Invalid 3D model', errors: { name: 'Name must be at least 3 characters' } },
    }));
    const { user, onDone } = renderForm(model);

    expect(screen.getByRole('heading', { name: 'Edit 3D Model' })).toBeVisible();
    expect(nameField()).toHaveValue('Richmond kitchen');
    expect(nameField()).toHaveFocus();
    expect(descriptionField()).toHaveValue('Walnut island bench with brass handles');
    expect(screen.getByText('Exposure: 1.2')).toBeVisible();
    expect(screen.getByText('Shadow Intensity: 0.3')).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'GLB Model File' })).getByText('Uploaded')).toBeVisible();

    await user.clear(descriptionField());
    await user.type(descriptionField(), 'Oak island bench');
    await user.click(button('Update Model'));

    expect(await screen.findByText('Failed to update 3D model')).toBeVisible();
    expect(nameField()).toHaveAccessibleDescription('Name must be at least 3 characters');
    expect(saves()).toEqual([
      {
        method: 'PUT',
        url: '/api/3d-models/m1',
        body: {
          name: 'Richmond kitchen',
          description: 'Oak island bench',
          modelUrl: '/objects/models/m1-optimised.glb',
          thumbnailUrl: '/objects/thumbnails/m1.png',
          exposure: 1.2,
          shadowIntensity: 0.3,
          hotspots: [{ id: 'tap', label: 'Brass tap', position: [0.1, 0.95, 0], normal: [0, 1, 0] }],
        },
      },
    ]);
    expect(onDone).not.toHaveBeenCalled();

    await user.click(button('Cancel'));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  test('places hotspots by clicking the model, then their labels are typed; one moves and one goes, and they are saved', async () => {
    const { saves } = stubApi(() => ({ status: 200, body: model }));
    const { user, onDone } = renderForm({ ...model, hotspots: [] });
    const hotspots = screen.getByRole('group', { name: 'Preview and hotspots (0 of 20)' });
    const viewer = () => hotspots.querySelector('model-viewer')!;
    const add = within(hotspots).getByRole('button', { name: 'Add hotspot' });
    await waitFor(() => expect(add).toBeEnabled());

    fakeViewer.hit = { position: { x: 0.12345, y: 0.9, z: -0.2 }, normal: { x: 0, y: 1, z: 0 } };
    await user.click(add);
    expect(add).toHaveAttribute('aria-pressed', 'true');
    expect(within(hotspots).getByRole('status')).toHaveTextContent('Click the model where the hotspot goes.');
    await user.click(viewer());
    const firstLabel = within(hotspots).getByRole('textbox', { name: 'Hotspot 1 label' });
    expect(firstLabel).toHaveFocus();
    await user.type(firstLabel, 'Stone benchtop');
    // On the model, as a labelled button where the click landed.
    const onModel = within(hotspots).getByRole('button', { name: 'Stone benchtop' });
    expect(onModel).toHaveAttribute('data-position', '0.123 0.9 -0.2');

    // A click that misses the model places nothing and says so.
    fakeViewer.hit = null;
    await user.click(add);
    await user.click(viewer());
    expect(within(hotspots).getByRole('status')).toHaveTextContent('That point is not on the model: please click on the model itself.');
    fakeViewer.hit = { position: { x: 0.5, y: 0.4, z: 0.3 }, normal: { x: 0, y: 0, z: 1 } };
    await user.click(viewer());
    await user.type(within(hotspots).getByRole('textbox', { name: 'Hotspot 2 label' }), 'Drawers');

    // Move the first: select it, then click where it goes.
    const move = within(hotspots).getByRole('button', { name: 'Move Stone benchtop' });
    await user.click(move);
    expect(move).toHaveAttribute('aria-pressed', 'true');
    expect(within(hotspots).getByRole('status')).toHaveTextContent('Click the model where “Stone benchtop” should go.');
    fakeViewer.hit = { position: { x: 0, y: 0.92, z: 0 }, normal: { x: 0, y: 1, z: 0 } };
    await user.click(viewer());
    expect(onModel).toHaveAttribute('data-position', '0 0.92 0');
    expect(move).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(hotspots).getByRole('button', { name: 'Delete Drawers' }));
    expect(within(hotspots).queryByRole('textbox', { name: 'Hotspot 2 label' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Preview and hotspots (1 of 20)' })).toBeVisible();

    await user.click(button('Update Model'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [saved] = saves();
    expect(saved.body.hotspots).toEqual([
      { id: expect.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), label: 'Stone benchtop', position: [0, 0.92, 0], normal: [0, 1, 0] },
    ]);
  });

  test('refuses a hotspot without a label beside its field, and sends nothing', async () => {
    const { saves } = stubApi(() => ({ status: 200, body: model }));
    const { user } = renderForm({ ...model, hotspots: [] });
    const hotspots = screen.getByRole('group', { name: 'Preview and hotspots (0 of 20)' });
    const add = within(hotspots).getByRole('button', { name: 'Add hotspot' });
    await waitFor(() => expect(add).toBeEnabled());
    fakeViewer.hit = { position: { x: 0, y: 1, z: 0 }, normal: { x: 0, y: 1, z: 0 } };
    await user.click(add);
    await user.click(hotspots.querySelector('model-viewer')!);
    await user.click(button('Update Model'));
    expect(await within(hotspots).findByText('Hotspot label must be 1 to 80 characters')).toBeVisible();
    expect(within(hotspots).getByRole('textbox', { name: 'Hotspot 1 label' })).toHaveFocus();
    expect(saves()).toEqual([]);
  });

  test('makes the thumbnail from the preview on save when none was given', async () => {
    const { saves } = stubApi(() => ({ status: 201, body: { ...model, id: 'm3' } }));
    const { user, onDone } = renderForm();
    const glbField = screen.getByRole('group', { name: 'GLB Model File' });
    await user.upload(fileInput('model'), glb());
    await user.click(await within(glbField).findByRole('button', { name: 'Confirm upload' }));
    expect(await within(glbField).findByText('Uploaded')).toBeVisible();
    // The manual way is there too, once the preview has loaded.
    await waitFor(() => expect(button('Make thumbnail from model')).toBeEnabled());

    await user.type(nameField(), 'Richmond kitchen');
    await user.type(descriptionField(), 'Walnut island bench');
    await user.click(button('Add Model'));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(storage.received.map(({ path, type }) => ({ path, type }))).toEqual([
      { path: '/upload/model', type: 'model/gltf-binary' },
      { path: '/upload/thumbnail', type: 'image/png' },
    ]);
    expect(saves()).toEqual([
      expect.objectContaining({ method: 'POST', body: expect.objectContaining({ thumbnailUrl: '/objects/thumbnail/stored' }) }),
    ]);
  });
});
