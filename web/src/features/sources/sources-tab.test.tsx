import type { LeadSourcesReport } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { SourcesTab } from './sources-tab';

const report = (leads: number, complete = true): LeadSourcesReport => ({
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-01-31T00:00:00.000Z',
  channels: [
    { channel: 'Paid search', leads, quoted: 2, won: 1 },
    { channel: 'Paid social', leads: 0, quoted: 0, won: 0 },
    { channel: 'Organic search', leads: 3, quoted: 1, won: 0 },
    { channel: 'Social', leads: 0, quoted: 0, won: 0 },
    { channel: 'Email', leads: 0, quoted: 0, won: 0 },
    { channel: 'Referral', leads: 0, quoted: 0, won: 0 },
    { channel: 'Direct', leads: 5, quoted: 0, won: 0 },
  ],
  campaigns: [{ channel: 'Paid search', campaign: 'spring-kitchens', leads, quoted: 2, won: 1 }],
  campaignLeadsRead: 10_000,
  campaignsComplete: complete,
});

describe('the Sources tab', () => {
  test('shows leads, quoted and won per channel and campaign, and asks again for another period', async () => {
    const requests = answerRequests(({ url }) => ({
      status: 200,
      body: report(url.includes('from=') && requests.length > 1 ? 9 : 4, false),
    }));
    const { user } = renderWithProviders(<SourcesTab />);
    const channels = await screen.findByRole('table', { name: 'Leads by channel' });
    const paid = within(channels).getByRole('row', { name: /Paid search/ });
    expect(
      within(paid)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Paid search', '4', '2', '1']);
    expect(within(channels).getAllByRole('row')).toHaveLength(8);
    const campaigns = screen.getByRole('table', { name: 'Leads by campaign' });
    expect(
      within(campaigns)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['spring-kitchens', 'Paid search', '4', '2', '1']);
    expect(screen.getByText(/Campaigns are counted from the newest 10,000 leads/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    const ninety = await within(await screen.findByRole('table', { name: 'Leads by campaign' })).findByText('9', { selector: 'td' });
    expect(ninety).toBeVisible();
    const spans = requests.map(({ url }) => {
      const params = new URL(url, 'http://site').searchParams;
      return Math.round((Date.parse(params.get('to')!) - Date.parse(params.get('from')!)) / 86400_000);
    });
    expect(spans).toEqual([30, 90]);
  });
});
