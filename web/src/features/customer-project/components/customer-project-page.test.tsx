import { quoteAnswerMessages, quoteTotals, type CustomerPage, type CustomerQuote, type QuoteItem } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '../../../../test-support/api';
import { renderWithProviders } from '../../../../test-support/render';
import CustomerProjectPage from './customer-project-page';

const items: QuoteItem[] = [
  { description: 'Cabinetry and installation', quantity: 1, unitPriceCents: 1_000_000 },
  { description: 'Laminate benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 25_033, group: 'Benchtop' },
  { description: 'Stone benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 90_000, group: 'Benchtop' },
  { description: 'Soft-close drawers', quantity: 6, unitPriceCents: 4_550, optional: true },
];

const sent: CustomerQuote = {
  id: 'v1',
  number: 'Q-0007',
  version: 1,
  status: 'sent',
  items,
  validDays: 30,
  terms: 'Deposit on acceptance.',
  totals: quoteTotals(items),
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T01:00:00.000Z',
  sentAt: '2026-11-26T01:00:00.000Z',
  validUntil: '2026-12-26T12:59:59.999Z',
  expired: false,
};

const page = (quotes: CustomerQuote[] = [sent]): CustomerPage => ({
  lead: {
    kind: 'inquiry',
    firstName: 'Ava',
    lastName: 'Nguyen',
    createdAt: '2026-11-20T01:00:00.000Z',
    details: [{ label: 'Rooms', value: 'Kitchen' }],
  },
  files: [{ name: 'plan.pdf', kind: 'pdf', size: 250_000 }],
  quotes,
  depositMethods: { card: false, bank: true },
  business: { brand: 'Fitzroy Joinery', phone: '03 9000 0000', email: 'hello@example.com.au' },
});

const stoneTotals = quoteTotals(items, { choices: { Benchtop: 2 } });
const accepted: CustomerQuote = {
  ...sent,
  status: 'accepted',
  acceptance: {
    name: 'Ava Nguyen',
    at: '2026-11-27T01:00:00.000Z',
    selection: { choices: { Benchtop: 2 } },
    totals: stoneTotals,
    sha256: 'a'.repeat(64),
  },
  deposit: { percent: 10, cents: 144_650, status: 'none', reference: 'Q-0007-1' },
};

function renderPage(answer: (request: SentRequest) => Answer | undefined, quotes?: CustomerQuote[]) {
  const requests = answerRequests((request) => answer(request) ?? { status: 200, body: page(quotes) });
  return { requests, ...renderWithProviders(<CustomerProjectPage />, { url: '/your-project?t=tok-1' }) };
}

describe("the customer's page", () => {
  test('picking stone changes the total incl. GST; accepting sends the choice, then the deposit shows the bank details', async () => {
    const { user, requests } = renderPage((request) => {
      if (request.url.endsWith('/accept')) return { status: 200, body: accepted };
      if (request.url.endsWith('/deposit'))
        return {
          status: 200,
          body: {
            kind: 'bank',
            accountName: 'Fitzroy Joinery Pty Ltd',
            bsb: '063000',
            accountNumber: '12345678',
            reference: 'Q-0007-1',
            amountCents: 144_650,
          },
        };
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Ava, your project with Fitzroy Joinery' })).toBeVisible();
    expect(screen.getByText('plan.pdf (PDF, 250 KB)')).toBeVisible();
    const totals = () => within(screen.getByLabelText('Totals of Quote Q-0007, version 1'));
    // Laminate is the default: $10,876.16 + GST $1,087.62.
    expect(totals().getByText('$11,963.78')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: /Stone benchtop/ }));
    expect(totals().getByText('$14,465.00')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /Soft-close drawers/ }));
    // Six drawers at $45.50 add $273.00 + GST $27.30.
    expect(totals().getByText('$14,765.30')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /Soft-close drawers/ }));

    await user.click(screen.getByRole('button', { name: 'Accept for $14,465.00' }));
    expect(screen.getByText('Type your full name to accept')).toBeVisible();
    expect(screen.getByText('Tick the box to accept the terms')).toBeVisible();
    await user.type(screen.getByLabelText('Your full name'), 'Ava Nguyen');
    await user.click(screen.getByRole('checkbox', { name: /I accept this quote/ }));
    await user.click(screen.getByRole('button', { name: 'Accept for $14,465.00' }));

    expect(await screen.findByText('Accepted by Ava Nguyen on 27 November 2026: $14,465.00 incl. GST. Thank you!')).toBeVisible();
    expect(requests.find((request) => request.url.endsWith('/accept'))).toEqual({
      method: 'POST',
      url: '/api/customer/tok-1/quotes/v1/accept',
      body: { choices: { Benchtop: 2 }, optionalItems: [], name: 'Ava Nguyen', acceptTerms: true },
    });
    expect(screen.getByRole('heading', { name: 'Deposit: $1,446.50' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay by bank transfer' }));
    const bank = within(await screen.findByLabelText('Bank transfer details'));
    expect(bank.getByText('063000')).toBeVisible();
    expect(bank.getByText('12345678')).toBeVisible();
    expect(bank.getByText('Q-0007-1')).toBeVisible();
    expect(bank.getByText('$1,446.50')).toBeVisible();
  });

  test('a second accept shows the server’s 409 message', async () => {
    const { user } = renderPage((request) =>
      request.url.endsWith('/accept') ? { status: 409, body: { message: quoteAnswerMessages.alreadyAnswered } } : undefined,
    );
    await user.type(await screen.findByLabelText('Your full name'), 'Ava Nguyen');
    await user.click(screen.getByRole('checkbox', { name: /I accept this quote/ }));
    await user.click(screen.getByRole('button', { name: 'Accept for $11,963.78' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(quoteAnswerMessages.alreadyAnswered);
  });

  test('declining asks first and sends the reason; the quote then shows its outcome', async () => {
    const { user, requests } = renderPage((request) =>
      request.url.endsWith('/decline')
        ? { status: 200, body: { ...sent, status: 'declined', declined: { at: '2026-11-27T01:00:00.000Z', reason: 'Over budget' } } }
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Decline the quote' }));
    await user.type(screen.getByLabelText('Reason (optional)'), 'Over budget');
    await user.click(screen.getByRole('button', { name: 'Yes, decline it' }));
    expect(
      await screen.findByText('You declined this quote on 27 November 2026: “Over budget”. Thank you for letting us know.'),
    ).toBeVisible();
    expect(requests.find((request) => request.url.endsWith('/decline'))?.body).toEqual({ reason: 'Over budget' });
    expect(screen.queryByRole('button', { name: /Accept for/ })).toBeNull();
  });

  test('a replaced version says so and cannot be accepted', async () => {
    renderPage(() => undefined, [{ ...sent, status: 'replaced', replacedBy: 'v2' }]);
    expect(await screen.findByText('This version was replaced by a newer one: see the newest version of quote Q-0007.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Accept for/ })).toBeNull();
  });

  test('a wrong link shows the server’s message', async () => {
    renderPage(() => ({ status: 404, body: { message: quoteAnswerMessages.notFound } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(quoteAnswerMessages.notFound);
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  });
});
