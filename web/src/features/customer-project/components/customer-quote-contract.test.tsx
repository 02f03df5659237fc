import { quoteAnswerMessages, quoteTotals, type CustomerPage, type CustomerQuote, type QuoteItem } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import CustomerProjectPage from './customer-project-page';

// $20,000 + GST: a major domestic building contract, and over $16,000 for the insurance.
const items: QuoteItem[] = [{ description: 'Kitchen', quantity: 1, unitPriceCents: 2_000_000 }];
const guideUrl = 'https://www.consumer.vic.gov.au/domestic-building-consumer-guide';

const sent: CustomerQuote = {
  id: 'v1',
  number: 'Q-0007',
  version: 1,
  status: 'sent',
  items,
  validDays: 30,
  totals: quoteTotals(items),
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T01:00:00.000Z',
  sentAt: '2026-11-26T01:00:00.000Z',
  validUntil: '2099-12-26T12:59:59.999Z',
  expired: false,
  siteAddress: '14 Smith Street, Northcote VIC 3070',
  startDate: '2027-02-01',
  completionWeeks: 12,
  // 5 pm in Melbourne (summer time, UTC+11).
  major: { registrationNumber: 'DB-U 12345', consumerGuideUrl: guideUrl, coolingOffIfAcceptedNow: '2099-12-03T06:00:00.000Z' },
};

const accepted: CustomerQuote = {
  ...sent,
  status: 'accepted',
  acceptance: {
    name: 'Ava Nguyen',
    at: '2099-11-26T01:00:00.000Z',
    selection: {},
    totals: quoteTotals(items),
    sha256: 'a'.repeat(64),
    consumerGuide: { url: guideUrl },
  },
  coolingOffEndsAt: '2099-12-03T06:00:00.000Z',
  deposit: { percent: 5, cents: 110_000, status: 'none', reference: 'Q-0007-1' },
};

const page = (quotes: CustomerQuote[]): CustomerPage => ({
  lead: { kind: 'inquiry', firstName: 'Ava', lastName: 'Nguyen', createdAt: '2026-11-20T01:00:00.000Z', details: [] },
  files: [],
  quotes,
  depositMethods: { card: false, bank: true },
  deposit: { percent: null },
  business: { brand: 'Fitzroy Joinery', phone: '03 9000 0000', email: 'hello@example.com.au' },
});

function renderPage(quotes: CustomerQuote[], answer: (request: SentRequest) => Answer | undefined = () => undefined) {
  const requests = answerRequests((request) => answer(request) ?? { status: 200, body: page(quotes) });
  return { requests, ...renderWithProviders(<CustomerProjectPage />, { url: '/your-project?t=tok-1' }) };
}

describe('a quote over $10,000 on the customer’s page', () => {
  test('states the particulars, the consumer guide and the cooling-off period before acceptance', async () => {
    renderPage([sent]);
    const contract = within(await screen.findByRole('region', { name: 'Your building contract' }));
    const detail = (term: string) => contract.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(detail('Site address')).toHaveTextContent('14 Smith Street, Northcote VIC 3070');
    expect(detail('Start')).toHaveTextContent('1 February 2027');
    expect(detail('Completion')).toHaveTextContent('12 weeks from the start');
    expect(detail('Builder’s registration number')).toHaveTextContent('DB-U 12345');
    expect(contract.getByRole('link', { name: 'Domestic Building Consumer Guide' })).toHaveAttribute('href', guideUrl);
    expect(
      contract.getByText(
        'You may withdraw from this contract by written notice within 5 clear business days after you receive a copy of it. If you accept today, that is until 3 December 2099 at 5 pm.',
      ),
    ).toBeVisible();
  });

  test('a start given in weeks reads as such', async () => {
    renderPage([{ ...sent, startDate: undefined, startWithinWeeks: 1, completionWeeks: 1 }]);
    const contract = within(await screen.findByRole('region', { name: 'Your building contract' }));
    expect(contract.getByText('Start', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Within 1 week of acceptance');
    expect(contract.getByText('Completion', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1 week from the start');
  });

  test('accepting needs the guide box ticked; legal advice is optional; both are sent', async () => {
    const { user, requests } = renderPage([sent], (request) =>
      request.url.endsWith('/accept') ? { status: 200, body: { ...accepted, coolingOffEndsAt: undefined } } : undefined,
    );
    await user.type(await screen.findByLabelText('Your full name'), 'Ava Nguyen');
    await user.click(screen.getByRole('checkbox', { name: /I accept this quote/ }));
    await user.click(screen.getByRole('button', { name: 'Accept for $22,000.00' }));
    expect(screen.getByText(quoteAnswerMessages.consumerGuide)).toBeVisible();
    expect(requests.some((request) => request.url.endsWith('/accept'))).toBe(false);

    const guide = screen.getByRole('checkbox', { name: 'I have received the Domestic Building Consumer Guide' });
    expect(guide).toHaveAccessibleDescription(quoteAnswerMessages.consumerGuide);
    await user.click(guide);
    await user.click(
      screen.getByRole('checkbox', { name: 'I had independent legal advice on this contract (then there is no cooling-off period)' }),
    );
    await user.click(screen.getByRole('button', { name: 'Accept for $22,000.00' }));
    expect(await screen.findByText(/^Accepted by Ava Nguyen on/)).toBeVisible();
    expect(requests.find((request) => request.url.endsWith('/accept'))?.body).toEqual({
      name: 'Ava Nguyen',
      acceptTerms: true,
      consumerGuideReceived: true,
      independentLegalAdvice: true,
    });
    // With legal advice there is no cooling-off period: nothing to withdraw in.
    expect(screen.queryByRole('button', { name: 'Withdraw from this contract' })).toBeNull();
  });

  test("the server's refusal for the guide shows under its box", async () => {
    const { user } = renderPage([sent], (request) =>
      request.url.endsWith('/accept')
        ? {
            status: 400,
            body: { message: quoteAnswerMessages.consumerGuide, errors: { consumerGuideReceived: quoteAnswerMessages.consumerGuide } },
          }
        : undefined,
    );
    await user.type(await screen.findByLabelText('Your full name'), 'Ava Nguyen');
    await user.click(screen.getByRole('checkbox', { name: /I accept this quote/ }));
    await user.click(screen.getByRole('checkbox', { name: 'I have received the Domestic Building Consumer Guide' }));
    await user.click(screen.getByRole('button', { name: 'Accept for $22,000.00' }));
    expect(await screen.findByText(quoteAnswerMessages.consumerGuide)).toBeVisible();
  });

  test('a quote under $10,000 asks for no guide', async () => {
    renderPage([{ ...sent, major: undefined }]);
    expect(await screen.findByLabelText('Your full name')).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /Consumer Guide/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your building contract' })).toBeNull();
  });
});

describe('after acceptance', () => {
  test('while the cooling-off runs, the customer withdraws by typing their name; the page shows the refund due', async () => {
    const { user, requests } = renderPage([accepted], (request) =>
      request.url.endsWith('/withdraw')
        ? {
            status: 200,
            body: {
              ...accepted,
              status: 'withdrawn',
              withdrawal: { name: 'Ava Nguyen', at: '2099-11-27T01:00:00.000Z', refundDueCents: 100_000 },
            },
          }
        : undefined,
    );
    expect(await screen.findByText('You can withdraw until 3 December 2099 at 5 pm.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Withdraw from this contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from this contract' });
    expect(dialog).toHaveAccessibleDescription('Quote Q-0007, version 1: you can withdraw until 3 December 2099 at 5 pm.');
    await user.click(within(dialog).getByRole('button', { name: 'Send my notice to withdraw' }));
    expect(within(dialog).getByRole('textbox', { name: 'Your full name' })).toHaveAccessibleDescription('Type your full name to withdraw');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your full name' }), 'Ava Nguyen');
    await user.click(within(dialog).getByRole('button', { name: 'Send my notice to withdraw' }));

    expect(
      await screen.findByText(
        'You withdrew from this contract on 27 November 2099 (notice given by Ava Nguyen). We will refund $1,000.00: what you paid less the $100 we may keep.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.url.endsWith('/withdraw'))).toEqual({
      method: 'POST',
      url: '/api/customer/tok-1/quotes/v1/withdraw',
      body: { name: 'Ava Nguyen' },
    });
    expect(screen.queryByRole('heading', { name: /^Deposit/ })).toBeNull();
  });

  test("after the period the server's 409 is shown in the dialog", async () => {
    const message = quoteAnswerMessages.coolingOffEnded('2099-12-03T06:00:00.000Z');
    const { user } = renderPage([accepted], (request) =>
      request.url.endsWith('/withdraw') ? { status: 409, body: { message } } : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Withdraw from this contract' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from this contract' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Your full name' }), 'Ava Nguyen');
    await user.click(within(dialog).getByRole('button', { name: 'Send my notice to withdraw' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The cooling-off period ended on 3 December 2099');
  });

  test('once the period has ended there is no withdrawing', async () => {
    renderPage([{ ...accepted, coolingOffEndsAt: '2020-12-03T06:00:00.000Z' }]);
    expect(await screen.findByText(/^Accepted by Ava Nguyen/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Withdraw from this contract' })).toBeNull();
    expect(screen.queryByText(/You can withdraw until/)).toBeNull();
  });

  test('without the insurance certificate the deposit waits, in the builder’s words', async () => {
    renderPage([{ ...accepted, insuranceRequired: true }]);
    expect(await screen.findByText(quoteAnswerMessages.insuranceFirst('Fitzroy Joinery'))).toBeVisible();
    expect(screen.queryByLabelText('Bank transfer details')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Domestic building insurance certificate (PDF)' })).toBeNull();
  });

  test('with the certificate attached, it is offered for download before the bank details', async () => {
    const bankTransfer = {
      accountName: 'Fitzroy Joinery Pty Ltd',
      bsb: '063182',
      accountNumber: '12345678',
      reference: 'Q-0007-1',
      amountCents: 110_000,
    };
    renderPage([
      { ...accepted, bankTransfer, insurance: { name: 'certificate.pdf', size: 48_000, attachedAt: '2099-11-26T02:00:00.000Z' } },
    ]);
    const certificate = await screen.findByRole('link', { name: 'Domestic building insurance certificate (PDF)' });
    expect(certificate).toHaveAttribute('href', '/api/customer/tok-1/quotes/v1/insurance');
    const bank = screen.getByLabelText('Bank transfer details');
    expect(bank).toHaveTextContent('063-182');
    expect(certificate.compareDocumentPosition(bank) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
