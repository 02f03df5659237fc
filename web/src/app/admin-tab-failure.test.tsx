import { defaultSettings } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { answerRequests } from '#web-test/api.ts';
import { SilentEventSource } from '#web-test/event-source.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { AdminDashboard } from '../features/dashboard/admin-dashboard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a dashboard tab whose code did not load', () => {
  test('says so in its panel, and the next tab chosen shows', async () => {
    vi.stubGlobal('EventSource', SilentEventSource);
    // React reports the error it caught; the test expects that report.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    answerRequests((request) =>
      request.url.startsWith('/api/settings/checklist')
        ? { status: 200, body: { done: true, items: [] } }
        : { status: 200, body: { settings: defaultSettings, version: 1 } },
    );
    const ReviewsTab = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/reviews-tab.js')));
    const tabs = [
      { value: 'reviews', label: 'Reviews', heading: 'Reviews', panel: <ReviewsTab /> },
      { value: 'visitors', label: 'Visitors', heading: 'Visitors', panel: <p>The visitors</p> },
    ];
    const { user } = renderWithProviders(<AdminDashboard tabs={tabs} lists={[]} />, { url: '/admin?tab=reviews', auth: true });

    const panel = await screen.findByRole('tabpanel', { name: 'Reviews' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'The Reviews tab did not load. Check the connection, then reload the page.',
    );
    expect(within(panel).getByRole('button', { name: 'Reload' })).toBeVisible();
    expect(reported.mock.calls.flat().map(String).join('\n')).toContain('Failed to fetch dynamically imported module');

    await user.click(screen.getByRole('tab', { name: 'Visitors' }));
    const visitors = await screen.findByRole('tabpanel', { name: 'Visitors' });
    expect(within(visitors).getByText('The visitors')).toBeVisible();
    expect(within(visitors).queryByRole('alert')).toBeNull();
  });
});
