import { defaultSettings, uploadMessages } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import type { AdminSettings } from '#web/lib/admin/settings-query.ts';
import SettingsTab from '../settings-tab';

const withLogo: AdminSettings = {
  settings: { ...defaultSettings, images: { logo: '/objects/brand/logo-a1-640x160.png' } },
  version: 2,
  updatedAt: '2026-03-02T03:04:00.000Z',
  updatedBy: 'sam',
};

function renderTab() {
  const requests = answerRequests((request): Answer => {
    if (request.method === 'DELETE')
      return { status: 200, body: { ...withLogo, settings: { ...withLogo.settings, images: {} }, version: 3 } };
    return { status: 200, body: withLogo };
  });
  const { user } = renderWithProviders(<SettingsTab />);
  return { requests, user };
}

describe('the brand images section', () => {
  test('shows the current logo and removes it', async () => {
    const { requests, user } = renderTab();
    const images = await screen.findByRole('region', { name: 'Brand images' });
    expect(within(images).getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', '/objects/brand/logo-a1-640x160.png');
    expect(within(images).getByText('No favicon yet: the site shows the business’s name instead.')).toBeVisible();
    await user.click(within(images).getByRole('button', { name: 'Remove the logo' }));
    expect(await within(images).findByText('No logo yet: the site shows the business’s name instead.')).toBeVisible();
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/settings/images/logo' });
  });

  test('refuses a file that is not an image before sending anything, with the upload’s own message', async () => {
    const { requests, user } = renderTab();
    const images = await screen.findByRole('region', { name: 'Brand images' });
    const sent = requests.length;
    await user.upload(
      screen.getByTestId('logo-file'),
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/png' }),
    );
    expect(await within(images).findByRole('alert')).toHaveTextContent(uploadMessages.form.wrongType('thumbnail'));
    expect(requests.length).toBe(sent);
  });
});
