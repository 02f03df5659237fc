import { defaultSettings, type SiteSettings } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { SilentEventSource } from '#web-test/event-source.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import type { AdminSettings } from '../lib/admin/settings-query';
import { AdminDashboard } from '../features/dashboard/admin-dashboard';
import SettingsTab from '../features/settings/settings-tab';

/**
 * The dashboard composed with the Settings tab: leaving the tab with unsaved changes asks
 * first, as the Settings tab's own sections do (features/settings/settings-unsaved.test.tsx).
 */
const settings: SiteSettings = { ...defaultSettings, business: { ...defaultSettings.business, phone: '(03) 9123 4567' } };
const saved: AdminSettings = { settings, version: 3, updatedAt: '2026-03-02T03:04:00.000Z', updatedBy: 'sam' };

function settingsServer(other: (request: SentRequest) => Answer | undefined) {
  return answerRequests((request) => other(request) ?? { status: 200, body: saved });
}

async function typeInto(user: ReturnType<typeof renderWithProviders>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

afterEach(() => vi.unstubAllGlobals());
// Typing into the forms is slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe('unsaved changes and the dashboard tabs', () => {
  test('choosing another tab asks first: "Keep editing" stays on Settings with the change, "Discard changes" goes', async () => {
    vi.stubGlobal('EventSource', SilentEventSource);
    settingsServer((request) =>
      request.url.startsWith('/api/settings/checklist') ? { status: 200, body: { done: true, items: [] } } : undefined,
    );
    const tabs = [
      { value: 'settings', label: 'Settings', heading: 'Settings', panel: <SettingsTab /> },
      { value: 'reviews', label: 'Reviews', heading: 'Reviews', panel: <p>The reviews</p> },
    ];
    const { user } = renderWithProviders(<AdminDashboard tabs={tabs} lists={[]} />, { url: '/admin?tab=settings', auth: true });
    const business = await screen.findByRole('region', { name: 'Business details' });
    const phone = within(business).getByRole('textbox', { name: 'Phone' });
    await typeInto(user, phone, '0412 345 678');
    await within(business).findByText('Unsaved changes');

    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('Business details has changes that are not saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(phone).toHaveValue('0412 345 678');

    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('The reviews')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    // Nothing is left to ask about.
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('region', { name: 'Business details' })).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
