import { quoteAnswerMessages, quoteTotals, type CustomerPage, type CustomerQuote, type QuoteItem } from '@site/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
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
  deposit: { percent: null },
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
  deposit: { percent: 10, cents: 144_650, status: 'none', reference: 'Q-0007-1', dueAt: '2026-12-04T12:59:59.999Z' },
  bankTransfer: {
    accountName: 'Fitzroy Joinery Pty Ltd',
    bsb: '063182',
    accountNumber: '12345678',
    reference: 'Q-0007-1',
    amountCents: 144_650,
    dueAt: '2026-12-04T12:59:59.999Z',
  },
};

function renderPage(answer: (request: SentRequest) => Answer | undefined, quotes?: CustomerQuote[]) {
  const requests = answerRequests((request) => answer(request) ?? { status: 200, body: page(quotes) });
  return { requests, ...renderWithProviders(<CustomerProjectPage />, { url: '/your-project?t=tok-1' }) };
}

describe("the customer's page", () => {
  test('picking stone changes the total incl. GST; accepting sends the choice, then the bank details show at once', async () => {
    const { user, requests } = renderPage((request) => (request.url.endsWith('/accept') ? { status: 200, body: accepted } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your quote from Fitzroy Joinery' })).toBeVisible();
    expect(screen.getByText('plan.pdf (PDF, 250 KB)')).toBeVisible();
    const totals = () => within(screen.getByLabelText('Totals of Quote Q-0007, version 1'));
    // Laminate is the default: $10,876.16 + GST $1,087.62.
    expect(totals().getByText('$11,963.78')).toBeVisible();
    // The legal maximum under $20,000 is 10%, on the total chosen.
    expect(screen.getByText('Deposit on acceptance: 10% ($1,196.37), by bank transfer')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: /Stone benchtop/ }));
    expect(totals().getByText('$14,465.00')).toBeVisible();
    expect(screen.getByText('Deposit on acceptance: 10% ($1,446.50), by bank transfer')).toBeVisible();
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
    expect(screen.queryByText(/^Deposit on acceptance:/)).toBeNull();
    // No further tap: the details are there, each with its Copy button.
    const bank = within(screen.getByLabelText('Bank transfer details'));
    const value = (term: string) => bank.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value('Account name')).toHaveTextContent('Fitzroy Joinery Pty Ltd');
    expect(value('BSB')).toHaveTextContent('063-182');
    expect(value('Account number')).toHaveTextContent('12345678');
    expect(value('Reference')).toHaveTextContent('Q-0007-1');
    expect(value('Amount')).toHaveTextContent('$1,446.50');
    expect(screen.getByText('Due by Friday 4 December 2026')).toBeVisible();
    expect(requests.some((request) => request.url.endsWith('/deposit'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Pay the deposit by card' })).toBeNull();

    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await user.click(bank.getByRole('button', { name: 'Copy BSB' }));
    expect(await screen.findByText('Copied the BSB')).toBeVisible();
    await user.click(bank.getByRole('button', { name: 'Copy account number' }));
    await user.click(bank.getByRole('button', { name: 'Copy account name' }));
    await user.click(bank.getByRole('button', { name: 'Copy reference' }));
    expect(await screen.findByText('Copied the reference')).toBeVisible();
    expect(copied).toEqual(['063182', '12345678', 'Fitzroy Joinery Pty Ltd', 'Q-0007-1']);
  });

  test('the newest open quote comes first, before the request, the files and the booking', async () => {
    const older: CustomerQuote = { ...sent, id: 'v0', number: 'Q-0005', status: 'declined', declined: { at: '2026-11-21T01:00:00.000Z' } };
    const newer: CustomerQuote = { ...sent, id: 'v2', number: 'Q-0008', expired: true };
    renderPage(() => undefined, [newer, sent, older]);
    await screen.findByRole('heading', { level: 1, name: 'Your quote from Fitzroy Joinery' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 3)).toEqual(['Quote Q-0007, version 1', 'Quote Q-0008, version 1', 'Quote Q-0005, version 1']);
    expect(headings[3]).toMatch(/^Your inquiry of Friday 20 November/);
    const accept = screen.getByRole('button', { name: 'Accept for $11,963.78' });
    expect(accept.compareDocumentPosition(screen.getByText('plan.pdf (PDF, 250 KB)')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      accept.compareDocumentPosition(screen.getByRole('heading', { name: 'Add photos or plans' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  test('the title says what the customer did: booked a measure, or sent a request not yet quoted', async () => {
    const booking = {
      service: 'kitchen',
      start: '2026-12-02T22:00:00.000Z',
      end: '2026-12-02T23:00:00.000Z',
      status: 'booked',
      street: '1 High St',
      suburb: 'Northcote',
    };
    answerRequests(() => ({ status: 200, body: { ...page(), booking } }));
    renderWithProviders(<CustomerProjectPage />, { url: '/your-project?t=tok-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your kitchen measure on Thursday 3 December' })).toBeVisible();
    expect(screen.getByText(/^Your site measure: Thursday 3 December.*at 1 High St, Northcote\.$/)).toBeVisible();
    cleanup();

    renderPage(() => undefined, []);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your request of 20 November 2026' })).toBeVisible();
    expect(screen.getByText('We have not sent you a quote yet.')).toBeVisible();
  });

  test('before accepting, the deposit follows the settings’ percentage and the ways to pay', async () => {
    answerRequests(() => ({ status: 200, body: { ...page(), deposit: { percent: 5 }, depositMethods: { card: true, bank: true } } }));
    renderWithProviders(<CustomerProjectPage />, { url: '/your-project?t=tok-1' });
    expect(await screen.findByText('Deposit on acceptance: 5% ($598.18), by card or bank transfer')).toBeVisible();
  });

  test('after accepting with card payments too, the card button stays above the bank details', async () => {
    answerRequests(() => ({ status: 200, body: { ...page([accepted]), depositMethods: { card: true, bank: true } } }));
    renderWithProviders(<CustomerProjectPage />, { url: '/your-project?t=tok-1' });
    const card = await screen.findByRole('button', { name: 'Pay the deposit by card' });
    expect(card.compareDocumentPosition(screen.getByLabelText('Bank transfer details')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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
