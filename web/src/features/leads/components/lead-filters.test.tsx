import type { Inquiry, LeadStats, WithMessages } from '@site/domain';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { InquiriesTab } from '../inquiries-tab';

const lead = (id: string, firstName: string): WithMessages<Inquiry> => ({
  id,
  firstName,
  lastName: 'Nguyen',
  email: `${firstName.toLowerCase()}@example.com`,
  phone: '0400 123 456',
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: '3-months',
  status: 'new',
  history: [],
  createdAt: '2026-03-02T03:04:00.000Z',
  updatedAt: '2026-03-02T03:04:00.000Z',
  followUpDueAt: '2026-03-02T05:04:00.000Z',
  followUp: 'reminded',
  messages: [],
});

const stats: LeadStats = {
  waiting: 3,
  overdue: 2,
  overdueByList: { inquiries: 2, quotes: 0 },
  medianFirstContactMs: null,
  firstContacts: 0,
};

/** The address bar, for the test to read. */
function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

function renderTab(entry: string) {
  const requests = answerRequests(({ url }): Answer => {
    if (url === '/api/leads/stats') return { status: 200, body: stats };
    if (!url.startsWith('/api/project-inquiries')) return { status: 200, body: {} };
    const body = url.includes('overdue=1')
      ? [lead('i1', 'Ava'), lead('i2', 'Ben')]
      : [lead('i1', 'Ava'), lead('i2', 'Ben'), lead('i3', 'Cy')];
    return { status: 200, body, headers: { 'X-Total-Count': String(body.length) } };
  });
  const { user } = renderWithProviders(
    <>
      <InquiriesTab />
      <Address />
    </>,
    { url: entry },
  );
  return { user, requests };
}

const chip = (name: string | RegExp) => screen.findByRole('button', { name });
const address = () => screen.getByRole('status', { name: 'Address' });

describe('the Overdue filter', () => {
  test('the Overdue chip counts this list’s overdue leads and, chosen, lists only them, in the address too', async () => {
    const { user, requests } = renderTab('/admin?tab=inquiries&q=ava');
    const overdue = await chip('Overdue (2)');
    expect(overdue).toHaveAttribute('aria-pressed', 'false');

    await user.click(overdue);
    expect(await chip('Overdue (2)')).toHaveAttribute('aria-pressed', 'true');
    // Overdue stands alone: the search goes.
    await waitFor(() => expect(address()).toHaveTextContent('?tab=inquiries&overdue=1'));
    expect(screen.getByRole('searchbox', { name: 'Search inquiries' })).toHaveValue('');
    await waitFor(() => expect(requests.some(({ url }) => url === '/api/project-inquiries?overdue=1')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Cy Nguyen' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Ava Nguyen' })).toBeVisible();

    await user.click(await chip(/^All/));
    expect(await chip('Overdue (2)')).toHaveAttribute('aria-pressed', 'false');
    expect(address()).toHaveTextContent('?tab=inquiries');
    expect(address()).not.toHaveTextContent('overdue');
    expect(await screen.findByRole('article', { name: 'Cy Nguyen' })).toBeVisible();
  });

  test('a link with overdue=1 opens the list filtered, and says so when none are left', async () => {
    answerRequests(({ url }): Answer => {
      if (url === '/api/leads/stats') return { status: 200, body: { ...stats, overdue: 0, overdueByList: { inquiries: 0, quotes: 0 } } };
      return { status: 200, body: [], headers: { 'X-Total-Count': '0' } };
    });
    renderWithProviders(<InquiriesTab />, { url: '/admin?tab=inquiries&overdue=1' });
    expect(await chip('Overdue (0)')).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('No overdue inquiries')).toBeVisible();
  });
});
