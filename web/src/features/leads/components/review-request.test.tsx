import type { Inquiry, LeadHistoryEntry, WithMessages } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { InquiriesTab } from '../inquiries-tab';

const won: LeadHistoryEntry = { at: '2026-03-03T03:04:00.000Z', by: 'staff', status: 'won' };
const done: LeadHistoryEntry = { at: '2026-03-10T03:04:00.000Z', by: 'staff', event: 'job-done', on: '2026-03-09' };
const lead = (fields: Partial<Inquiry> & Pick<Inquiry, 'id' | 'firstName'>): WithMessages<Inquiry> => ({
  lastName: 'Nguyen',
  email: 'ava@example.com',
  phone: '0400 123 456',
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: '3-months',
  status: 'won',
  history: [won, done],
  createdAt: '2026-03-02T03:04:00.000Z',
  updatedAt: '2026-03-03T03:04:00.000Z',
  messages: [],
  ...fields,
});

function renderTab(leads: Array<WithMessages<Inquiry>>, onRequest: (id: string, what: string) => Answer) {
  const requests = answerRequests(({ method, url }): Answer => {
    const match = /^\/api\/leads\/inquiry\/([^/]+)\/(review-request|job-done)$/.exec(url);
    if (method === 'POST' && match) {
      const answer = onRequest(match[1], match[2]);
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
  test('is offered on won leads only once their job is done, and once requested or received the card says so instead', async () => {
    renderTab(
      [
        lead({ id: 'i1', firstName: 'Ava' }),
        lead({ id: 'i5', firstName: 'Eve', history: [won] }),
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
    expect(within(await card('Ava Nguyen')).getByText('Job done: 9 March 2026')).toBeVisible();
    expect(within(await card('Ben Nguyen')).queryByRole('button', { name: /Request a review/ })).not.toBeInTheDocument();
    // Won, its job not done yet: "Job done" is offered, a review not yet.
    const eve = await card('Eve Nguyen');
    expect(within(eve).queryByRole('button', { name: /Request a review/ })).not.toBeInTheDocument();
    expect(within(eve).getByRole('button', { name: "Mark Eve Nguyen's job done" })).toBeEnabled();
    expect(within(await card('Ben Nguyen')).queryByRole('button', { name: /job done/ })).not.toBeInTheDocument();
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
      body: lead({
        id,
        firstName: 'Ava',
        history: [won, done, { at: '2026-03-11T03:04:00.000Z', by: 'staff', event: 'review-requested' }],
      }),
    }));
    await user.click(within(await card('Ava Nguyen')).getByRole('button', { name: 'Request a review from Ava Nguyen' }));
    expect(await screen.findByText('Review request sent to ava@example.com')).toBeVisible();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/leads/inquiry/i1/review-request']);
    expect(within(await card('Ava Nguyen')).getByText('Review requested')).toBeVisible();
  });

  test('marks the job done on the day chosen, then offers the review', async () => {
    const { requests, user } = renderTab([lead({ id: 'i1', firstName: 'Ava', history: [won] })], (id, what) =>
      what === 'job-done'
        ? { status: 201, body: lead({ id, firstName: 'Ava', history: [won, { ...done, on: '2026-03-05' }] }) }
        : { status: 500 },
    );
    const ava = await card('Ava Nguyen');
    const day = within(ava).getByLabelText("Day Ava Nguyen's job was finished");
    await user.clear(day);
    await user.type(day, '2026-03-05');
    await user.click(within(ava).getByRole('button', { name: "Mark Ava Nguyen's job done" }));
    expect(await screen.findByText('Job marked done')).toBeVisible();
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url, r.body])).toEqual([['/api/leads/inquiry/i1/job-done', { on: '2026-03-05' }]]);
    const after = await card('Ava Nguyen');
    expect(await within(after).findByText('Job done: 5 March 2026')).toBeVisible();
    expect(within(after).getByText(/by staff · Job done: 5 March 2026/)).toBeVisible();
    expect(within(after).getByRole('button', { name: 'Request a review from Ava Nguyen' })).toBeEnabled();
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
