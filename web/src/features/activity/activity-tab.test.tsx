import type { ListedAuditEntry } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { ActivityTab } from './activity-tab';

const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const newer: ListedAuditEntry[] = [
  {
    id: 'a2',
    at: '2026-03-02T03:04:00.000Z',
    userId: 'u1',
    username: 'sam',
    ipAddress: '203.0.113.5',
    userAgent: chrome,
    action: 'inquiry.updated',
    target: 'inquiry:abc123',
    targetName: 'Ava Nguyen',
    detail: 'status: new → contacted',
  },
  {
    id: 'a1',
    at: '2026-03-02T02:00:00.000Z',
    // A wrong password for a known admin: their name, from wherever it was tried.
    userId: 'u1',
    username: 'sam',
    ipAddress: '198.51.100.9',
    userAgent: '',
    action: 'login.failed',
  },
];
const older: ListedAuditEntry[] = [
  {
    id: 'a0',
    at: '2026-03-01T23:00:00.000Z',
    userId: 'u2',
    username: 'jo',
    ipAddress: '192.0.2.44',
    userAgent: chrome,
    action: 'totp.enabled',
  },
  {
    id: 'a-1',
    at: '2026-03-01T22:00:00.000Z',
    userId: 'u2',
    username: 'jo',
    ipAddress: '192.0.2.44',
    userAgent: chrome,
    action: 'project.deleted',
    target: 'project:p9',
    detail: 'Kew Bathroom',
  },
  {
    id: 'a-2',
    at: '2026-03-01T21:00:00.000Z',
    // An unknown username: what was typed is not kept.
    username: '',
    ipAddress: '192.0.2.99',
    userAgent: '',
    action: 'login.failed',
    detail: 'unknown username; 1 time this minute',
  },
];

describe('the Activity tab', () => {
  test('shows who did what from where, and pages on with the cursor', async () => {
    const requests = answerRequests(({ url }): Answer =>
      url.includes('cursor=')
        ? { status: 200, body: older, headers: { 'X-Total-Count': '5' } }
        : { status: 200, body: newer, headers: { 'X-Next-Cursor': 'page-2', 'X-Total-Count': '5' } },
    );
    const { user } = renderWithProviders(<ActivityTab />);

    const table = await screen.findByRole('table', { name: 'Activity' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await within(table).findByText('Updated an inquiry');
    expect(screen.getByText('Showing 2 of 5 entries')).toBeVisible();
    const [first, second] = rows();
    for (const text of ['sam', 'Updated an inquiry', 'Inquiry: Ava Nguyen', 'status: new → contacted', '203.0.113.5', 'Chrome']) {
      expect(within(first).getByText(text)).toBeVisible();
    }
    expect(within(first).queryByText(/abc123/)).not.toBeInTheDocument();
    for (const text of ['sam', 'Failed sign-in', '198.51.100.9', 'Unknown']) expect(within(second).getByText(text)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Turned on authenticator app')).toBeVisible();
    expect(within(rows()[2]).getByText('jo')).toBeVisible();
    // A project deleted since: its id, and its title in the detail.
    expect(within(rows()[3]).getByText('Project p9 (deleted)')).toBeVisible();
    expect(within(rows()[3]).getByText('Kew Bathroom')).toBeVisible();
    expect(within(rows()[4]).getByText('Not signed in')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map(({ url }) => url)).toEqual(['/api/audit?limit=50', '/api/audit?limit=50&cursor=page-2']);
  });
});
