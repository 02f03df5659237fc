import type { LeadStats } from '@site/domain';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { LeadFigures } from './lead-figures';

function renderFigures(stats: LeadStats) {
  const requests = answerRequests(({ url }): Answer => {
    if (url === '/api/leads/stats') return { status: 200, body: stats };
    return { status: 404, body: { message: 'Not found' } };
  });
  renderWithProviders(<LeadFigures />, { url: '/admin' });
  return requests;
}

/** A line of the figures by its whole text (the figures are in <strong>). */
const line = (text: string) => screen.findByText((_content, element) => element?.tagName === 'P' && element.textContent === text);

describe("the lead figures in the dashboard's header", () => {
  test('counts the overdue leads beside the waiting ones, and links the figure to the list they are in, filtered to them', async () => {
    const requests = renderFigures({
      waiting: 7,
      overdue: 3,
      overdueByList: { inquiries: 0, quotes: 3 },
      medianFirstContactMs: 90 * 60_000,
      firstContacts: 4,
    });
    expect(await line('New leads waiting: 7')).toBeVisible();
    expect(await line('3 overdue')).toBeVisible();
    expect(screen.getByRole('link', { name: '3 overdue' })).toHaveAttribute('href', '/admin?tab=quotes&overdue=1');
    expect(requests.filter((request) => request.url === '/api/leads/stats')).toHaveLength(1);
  });

  test('links to each list when both have overdue leads', async () => {
    renderFigures({ waiting: 9, overdue: 5, overdueByList: { inquiries: 1, quotes: 4 }, medianFirstContactMs: null, firstContacts: 0 });
    expect(await line('5 overdue: 1 inquiry, 4 quote requests')).toBeVisible();
    expect(screen.getByRole('link', { name: '1 inquiry' })).toHaveAttribute('href', '/admin?tab=inquiries&overdue=1');
    expect(screen.getByRole('link', { name: '4 quote requests' })).toHaveAttribute('href', '/admin?tab=quotes&overdue=1');
  });

  test('says 0 overdue, with nothing to follow, when every waiting lead is within its time', async () => {
    renderFigures({ waiting: 2, overdue: 0, overdueByList: { inquiries: 0, quotes: 0 }, medianFirstContactMs: null, firstContacts: 0 });
    expect(await line('0 overdue')).toBeVisible();
    expect(screen.queryByRole('link', { name: /overdue/ })).not.toBeInTheDocument();
  });
});
