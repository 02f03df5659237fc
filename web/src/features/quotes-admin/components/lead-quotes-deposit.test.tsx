import { quoteTotals, type Quote, type QuoteItem } from '@site/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { LeadQuotes } from './lead-quotes';

const items: QuoteItem[] = [{ description: 'Cabinetry and installation', quantity: 1, unitPriceCents: 1_000_000 }];

const accepted = (deposit: NonNullable<Quote['deposit']>): Quote => ({
  id: 'q1',
  leadKind: 'inquiry',
  leadId: 'lead1',
  number: 'Q-0001',
  version: 1,
  status: 'accepted',
  items,
  validDays: 30,
  totals: quoteTotals(items),
  acceptance: { name: 'Ava Nguyen', at: '2026-11-26T04:00:00.000Z', selection: {}, totals: quoteTotals(items), sha256: 'a'.repeat(64) },
  deposit,
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T04:00:00.000Z',
});

const pending = { percent: 10, cents: 110_000, status: 'pending', method: 'bank', reference: 'Q-0001' } as const;

/** The lead's quotes over a server holding `quotes`, `markPaid` answering POST .../deposit-paid (after which `quotes` reads again). */
function renderQuotes(quotes: () => Quote[], markPaid: (request: SentRequest) => Answer) {
  const requests = answerRequests((request) => {
    if (request.url.endsWith('/deposit-paid')) return markPaid(request);
    return { status: 200, body: { items: { lead1: quotes() } } };
  });
  return { requests, ...renderWithProviders(<LeadQuotes kind="inquiry" leadId="lead1" name="Ava Nguyen" />) };
}

describe('Mark deposit paid', () => {
  test('asks first, then marks the bank transfer paid and the quote shows it', async () => {
    let stored = accepted(pending);
    const { user, requests } = renderQuotes(
      () => [stored],
      () => {
        stored = accepted({ ...pending, status: 'paid', paidAt: '2026-11-27T01:00:00.000Z' });
        return { status: 200, body: stored };
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Mark deposit paid' }));
    expect(screen.getByRole('heading', { name: 'Mark the deposit on quote Q-0001 paid?' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.filter((request) => request.url.endsWith('/deposit-paid'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark deposit paid' }));
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Deposit paid: $1,100.00')).toBeVisible();
    expect(requests.filter((request) => request.url.endsWith('/deposit-paid'))).toEqual([
      { method: 'POST', url: '/api/quotes/q1/deposit-paid', body: undefined },
    ]);
    expect(screen.queryByRole('button', { name: 'Mark deposit paid' })).toBeNull();
  });

  test("shows the server's 409", async () => {
    const { user } = renderQuotes(
      () => [accepted(pending)],
      () => ({ status: 409, body: { message: 'The deposit is already paid' } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Mark deposit paid' }));
    await user.click(screen.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.getByText(/The deposit is already paid/)).toBeVisible());
  });

  test('is not offered for a deposit by card', async () => {
    renderQuotes(
      () => [accepted({ ...pending, method: 'card' })],
      () => ({ status: 500 }),
    );
    expect(await screen.findByText('Deposit pending: $1,100.00')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark deposit paid' })).toBeNull();
  });
});

describe('a quote accepted', () => {
  test('its version 2 draft says the quote was accepted and offers neither Edit nor Send; New quote is offered', async () => {
    const draft: Quote = { ...accepted(pending), id: 'q2', version: 2, status: 'draft', createdAt: '2026-11-26T02:00:00.000Z' };
    delete draft.acceptance;
    delete draft.deposit;
    renderQuotes(
      () => [accepted(pending), draft],
      () => ({ status: 500 }),
    );
    expect(await screen.findByText('This quote was accepted on 26 November 2026: make a new quote for changes')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit \(makes version/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'New quote for Ava Nguyen' })).toBeVisible();
  });
});
