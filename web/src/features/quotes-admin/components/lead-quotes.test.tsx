import { defaultSettings, quoteTotals, type Quote, type QuoteDraft } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { LeadQuotes } from './lead-quotes';

const items: QuoteDraft['items'] = [
  { description: 'Cabinetry and installation', quantity: 1, unitPriceCents: 1_000_000 },
  { description: 'Laminate benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 25_033, group: 'Benchtop' },
  { description: 'Stone benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 90_000, group: 'Benchtop' },
];

const storedQuote = (changes: Partial<Quote> = {}): Quote => ({
  id: 'q1',
  leadKind: 'inquiry',
  leadId: 'lead1',
  number: 'Q-0001',
  version: 1,
  status: 'draft',
  items,
  validDays: 30,
  totals: quoteTotals(items),
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T01:00:00.000Z',
  ...changes,
});

/** The lead's quotes over a server holding `quotes`, answering saves with the draft they stored. */
function renderQuotes(quotes: Quote[], depositPercent: number | null = null) {
  const requests = answerRequests((request: SentRequest) => {
    if (request.url === '/api/settings')
      return {
        status: 200,
        body: { settings: { ...defaultSettings, payments: { ...defaultSettings.payments, depositPercent } }, version: 1 },
      };
    if (request.method === 'GET') return { status: 200, body: { items: { lead1: quotes } } };
    if (request.url.endsWith('/send')) return { status: 200, body: storedQuote({ status: 'sent', sentAt: '2026-11-26T02:00:00.000Z' }) };
    const draft = request.body as QuoteDraft;
    return { status: request.method === 'POST' ? 201 : 200, body: storedQuote({ ...draft, totals: quoteTotals(draft.items) }) };
  });
  return { requests, ...renderWithProviders(<LeadQuotes kind="inquiry" leadId="lead1" name="Ava Nguyen" />) };
}

describe("the lead cards' quotes", () => {
  test('the cards on screen read their quotes in one request, each showing its own', async () => {
    const requests = answerRequests((request: SentRequest) =>
      request.url.startsWith('/api/leads/inquiry/quotes?')
        ? {
            status: 200,
            body: {
              items: {
                lead1: [storedQuote()],
                lead2: [storedQuote({ id: 'q2', leadId: 'lead2', number: 'Q-0002', status: 'sent' })],
                lead3: [],
              },
            },
          }
        : { status: 200, body: {} },
    );
    renderWithProviders(
      <>
        <LeadQuotes kind="inquiry" leadId="lead1" name="Ava Nguyen" />
        <LeadQuotes kind="inquiry" leadId="lead2" name="Ben Ng" />
        <LeadQuotes kind="inquiry" leadId="lead3" name="Cy Lo" />
      </>,
    );
    const quotesOf = (name: string) => within(screen.getByRole('region', { name: `Quotes for ${name}` }));
    expect(await quotesOf('Ava Nguyen').findByText(/^Quote Q-0001, version 1/)).toBeVisible();
    expect(await quotesOf('Ben Ng').findByText(/^Quote Q-0002, version 1/)).toBeVisible();
    expect(quotesOf('Cy Lo').queryByText(/^Quote Q-/)).toBeNull();
    expect(requests.filter((request) => request.method === 'GET').map((request) => request.url)).toEqual([
      '/api/leads/inquiry/quotes?ids=lead1,lead2,lead3',
    ]);
  });

  test('while they load, the New quote button’s place is held and says so; then the button takes it', async () => {
    renderQuotes([]);
    const quotes = within(screen.getByRole('region', { name: 'Quotes for Ava Nguyen' }));
    expect(quotes.getByRole('status', { name: 'Loading the quotes' })).toBeInTheDocument();
    expect(await quotes.findByRole('button', { name: 'New quote for Ava Nguyen' })).toBeVisible();
    expect(quotes.queryByRole('status', { name: 'Loading the quotes' })).toBeNull();
  });
});

describe('quote builder', () => {
  test('totals to the cent with an either-or choice, and the draft autosaved once its items are complete', async () => {
    const { user, requests } = renderQuotes([]);
    await user.click(await screen.findByRole('button', { name: 'New quote for Ava Nguyen' }));

    // The builder's code loads when it is first opened.
    await user.type(await screen.findByLabelText('Item 1 description'), 'Cabinetry and installation');
    await user.type(screen.getByLabelText('Item 1 unit price excl. GST ($)'), '10,000');
    // A choice is made once, with its alternatives under it: the first is the default.
    await user.click(screen.getByRole('button', { name: 'Add choice' }));
    await user.clear(screen.getByLabelText('Choice 1 name'));
    await user.type(screen.getByLabelText('Choice 1 name'), 'Benchtop');
    await user.type(screen.getByLabelText('Item 2 description'), 'Laminate benchtop');
    await user.clear(screen.getByLabelText('Item 2 quantity'));
    await user.type(screen.getByLabelText('Item 2 quantity'), '3.5');
    await user.type(screen.getByLabelText('Item 2 unit'), 'm');
    await user.type(screen.getByLabelText('Item 2 unit price excl. GST ($)'), '250.33');
    await user.type(screen.getByLabelText('Item 3 description'), 'Stone benchtop');
    await user.clear(screen.getByLabelText('Item 3 quantity'));
    await user.type(screen.getByLabelText('Item 3 quantity'), '3.5');
    await user.type(screen.getByLabelText('Item 3 unit'), 'm');
    await user.type(screen.getByLabelText('Item 3 unit price excl. GST ($)'), '900');
    expect(screen.getByRole('radio', { name: 'Item 2 is the default' })).toBeChecked();

    // 3.5 m at $250.33 is $876.155, rounded once to $876.16; the laminate (the first option) counts, the stone does not.
    expect(screen.getByRole('heading', { name: 'Item 2 · $876.16 excl. GST' })).toBeVisible();
    const totals = within(screen.getByLabelText('Totals'));
    expect(totals.getByText('$10,876.16')).toBeVisible();
    expect(totals.getByText('$1,087.62')).toBeVisible();
    expect(totals.getByText('$11,963.78')).toBeVisible();
    expect(totals.getByText('Deposit (10%)')).toBeVisible();
    expect(totals.getByText('$1,196.37')).toBeVisible();

    // On a busy machine a save can land between keystrokes ("Saved" then shows early): the last one holds the whole quote.
    const saves = () => requests.filter((request) => request.method !== 'GET');
    await waitFor(
      () =>
        expect(saves().at(-1)).toEqual({
          method: saves().length === 1 ? 'POST' : 'PUT',
          url: saves().length === 1 ? '/api/leads/inquiry/lead1/quotes' : '/api/quotes/q1',
          body: { items, validDays: 30, notes: '', terms: '' },
        }),
      { timeout: 5000 },
    );
    expect(await screen.findByText('Saved', {}, { timeout: 5000 })).toBeVisible();
    expect(saves()[0].url).toBe('/api/leads/inquiry/lead1/quotes');
    // Typing three items key by key takes a while on a busy machine.
  }, 150_000);

  test("the deposit follows the settings' percentage", async () => {
    const { user } = renderQuotes([], 5);
    await user.click(await screen.findByRole('button', { name: 'New quote for Ava Nguyen' }));
    await user.type(await screen.findByLabelText('Item 1 description'), 'Vanity');
    await user.type(screen.getByLabelText('Item 1 unit price excl. GST ($)'), '1,234.56');
    const totals = within(screen.getByLabelText('Totals'));
    // $1,234.56 + GST $123.46 = $1,358.02; 5% is $67.90 (rounded down).
    expect(totals.getByText('$1,358.02')).toBeVisible();
    expect(await totals.findByText('Deposit (5%)')).toBeVisible();
    expect(totals.getByText('$67.90')).toBeVisible();
  });

  test('a price that is not dollars and cents says so and nothing is saved', async () => {
    const { user, requests } = renderQuotes([]);
    await user.click(await screen.findByRole('button', { name: 'New quote for Ava Nguyen' }));
    await user.type(await screen.findByLabelText('Item 1 description'), 'Vanity');
    await user.type(screen.getByLabelText('Item 1 unit price excl. GST ($)'), '12.345');
    await user.tab();
    expect(screen.getByText('Unit price: dollars and cents from 0, excluding GST')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  test('a draft is sent after its confirmation, and a sent one offers its next version and its PDF', async () => {
    const { user, requests } = renderQuotes([storedQuote()]);
    expect(await screen.findByText('Quote Q-0001, version 1: $11,963.78 incl. GST')).toBeVisible();
    expect(screen.getByText('Draft')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send quote Q-0001 to Ava Nguyen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST' && request.url === '/api/quotes/q1/send')).toBe(true));
    expect(await screen.findByText('Quote Q-0001 version 1 sent')).toBeVisible();
  });

  test("a sent quote's Edit saves its next version as a draft, which can then be sent", async () => {
    const sentQuote = storedQuote({ status: 'sent', sentAt: '2026-11-26T02:00:00.000Z' });
    const requests = answerRequests((request: SentRequest) => {
      if (request.url === '/api/settings') return { status: 200, body: { settings: defaultSettings, version: 1 } };
      if (request.method === 'GET') return { status: 200, body: { items: { lead1: [sentQuote] } } };
      const draft = request.body as QuoteDraft;
      return { status: 200, body: storedQuote({ ...draft, id: 'q1-2', version: 2, totals: quoteTotals(draft.items) }) };
    });
    const { user } = renderWithProviders(<LeadQuotes kind="inquiry" leadId="lead1" name="Ava Nguyen" />);
    await user.click(await screen.findByRole('button', { name: 'Edit (makes version 2)' }));
    expect(
      screen.getByRole('dialog', {
        name: 'Quote Q-0001, version 2 (draft; version 1 stays as sent until this one is sent) for Ava Nguyen',
      }),
    ).toBeVisible();
    await user.clear(await screen.findByLabelText('Item 3 unit price excl. GST ($)'));
    await user.type(screen.getByLabelText('Item 3 unit price excl. GST ($)'), '950');

    expect(await screen.findByRole('button', { name: 'Send version 2' }, { timeout: 5000 })).toBeVisible();
    const saves = requests.filter((request) => request.method === 'PUT');
    expect(saves[0].url).toBe('/api/quotes/q1');
    expect((saves.at(-1)?.body as QuoteDraft).items[2].unitPriceCents).toBe(95_000);
  });

  test('statuses: accepted with its total and deposit, declined with the reason, replaced', async () => {
    const accepted = storedQuote({
      id: 'q2',
      version: 2,
      status: 'accepted',
      createdAt: '2026-11-26T03:00:00.000Z',
      acceptance: {
        name: 'Ava Nguyen',
        at: '2026-11-26T04:00:00.000Z',
        selection: { choices: { Benchtop: 2 } },
        totals: quoteTotals(items, { choices: { Benchtop: 2 } }),
        sha256: 'a'.repeat(64),
      },
      deposit: { percent: 10, cents: 144_650, status: 'pending', method: 'bank', reference: 'Q-0001-2' },
    });
    renderQuotes([
      storedQuote({ status: 'replaced', replacedBy: 'q2' }),
      accepted,
      storedQuote({
        id: 'q3',
        number: 'Q-0002',
        status: 'declined',
        declined: { at: '2026-11-26T05:00:00.000Z', reason: 'Going with stone elsewhere' },
      }),
    ]);
    expect(await screen.findByText('Accepted: $14,465.00 incl. GST')).toBeVisible();
    expect(screen.getByText('Deposit pending: $1,446.50')).toBeVisible();
    expect(screen.getByText('Declined: Going with stone elsewhere')).toBeVisible();
    expect(screen.getByText('Replaced by a newer version')).toBeVisible();
    expect(screen.getByRole('link', { name: 'PDF of quote Q-0001 version 2' })).toHaveAttribute('href', '/api/quotes/q2/pdf');
  });
});
