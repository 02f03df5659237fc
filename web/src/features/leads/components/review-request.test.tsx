import type { Inquiry, LeadHistoryEntry, WithMessages } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '../../../../test-support/api';
import { renderWithProviders } from '../../../../test-support/render';
import { InquiriesTab } from '../inquiries-tab';

const won: LeadHistoryEntry = { at: '2026-03-03T03:04:00.000Z', by: 'staff', status: 'won' };
const lead = (fields: Partial<Inquiry> & Pick<Inquiry, 'id' | 'firstName'>): WithMessages<Inquiry> => ({
  lastName: 'Nguyen',
  email: 'ava@example.com',
  phone: '0400 123 456',
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: '3-months',
  status: 'won',
  history: [won],
  createdAt: '2026-03-02T03:04:00.000Z',
  updatedAt: '2026-03-03T03:04:00.000Z',
  messages: [],
  ...fields,
});

function renderTab(leads: Array<WithMessages<Inquiry>>, onRequest: (id: string) => Answer) {
  const requests = answerRequests(({ method, url }): Answer => {
    const match = /^\/api\/leads\/inquiry\/([^/]+)\/review-request$/.exec(url);
    if (method === 'POST' && match) {
      const answer = onRequest(match[1]);
      // The server's list has the lead as the request left it.
      if (answer.status === 201) leads = leads.map((l) => (l.id === match[1] ? (answer.body as WithMessages<Inquiry>) : l));
      return answer;
    }
    if (url.startsWith('/api/project-inquiries')) return { status: 200, body: leads, headers: { 'X-Total-Count': String(leads.length) } };
    return { status: 200, body: {} };
  });
  const { user } = renderWithProviders(<InquiriesTab />, { url: '/admin?tab=inquiries' });
  return { requests, user };
}

const card = (name: string) => screen.findByRole('article', { name });

describe('"Request a review" on a lead card', () => {
  test('is offered on won leads only, and once requested or received the card says so instead', async () => {
    renderTab(
      [
        lead({ id: 'i1', firstName: 'Ava' }),
        lead({ id: 'i2', firstName: 'Ben', status: 'quoted', history: [] }),
        lead({ id: 'i3', firstName: 'Cy', history: [won, { at: won.at, by: 'staff', event: 'review-requested' }] }),
        lead({
          id: 'i4',
          firstName: 'Di',
          history: [won, { at: won.at, by: 'staff', event: 'review-requested' }, { at: won.at, by: 'Di N.', event: 'review-received' }],
        }),
      ],
      () => ({ status: 500 }),
    );
    expect(within(await card('Ava Nguyen')).getByRole('button', { name: 'Request a review from Ava Nguyen' })).toBeEnabled();
    expect(within(await card('Ben Nguyen')).queryByRole('button', { name: /Request a review/ })).not.toBeInTheDocument();
    const cy = await card('Cy Nguyen');
    expect(within(cy).queryByRole('button', { name: /Request a review/ })).not.toBeInTheDocument();
    expect(within(cy).getByText('Review requested')).toBeVisible();
    expect(within(cy).getByText(/by staff · Review requested/)).toBeVisible();
    const di = await card('Di Nguyen');
    expect(within(di).getByText('Review received')).toBeVisible();
    expect(within(di).getByText(/by Di N\. · Review received/)).toBeVisible();
  });

  test('sends the request, then shows it as requested', async () => {
    const { requests, user } = renderTab([lead({ id: 'i1', firstName: 'Ava' })], (id) => ({
      status: 201,
      body: lead({ id, firstName: 'Ava', history: [won, { at: '2026-03-04T03:04:00.000Z', by: 'staff', event: 'review-requested' }] }),
    }));
    await user.click(within(await card('Ava Nguyen')).getByRole('button', { name: 'Request a review from Ava Nguyen' }));
    expect(await screen.findByText('Review request sent to ava@example.com')).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/leads/inquiry/i1/review-request']);
    expect(within(await card('Ava Nguyen')).getByText('Review requested')).toBeVisible();
  });

  test("shows the server's reason when it refuses", async () => {
    const { user } = renderTab([lead({ id: 'i1', firstName: 'Ava' })], () => ({
      status: 409,
      body: { message: 'This customer unsubscribed from review requests' },
    }));
    await user.click(within(await card('Ava Nguyen')).getByRole('button', { name: 'Request a review from Ava Nguyen' }));
    expect(await screen.findByText('Failed to request a review: 409: This customer unsubscribed from review requests')).toBeVisible();
  });
});
