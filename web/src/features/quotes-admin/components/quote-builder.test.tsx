import { defaultSettings, quoteMessages, quoteTotals, type Quote, type QuoteDraft, type QuoteItem } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type SentRequest } from '../../../../test-support/api';
import { renderWithProviders } from '../../../../test-support/render';
import { emptyForm, quoteForm } from '../lib/quote-lines';
import { QuoteBuilder } from './quote-builder';

const items: QuoteItem[] = [
  { description: 'Site protection', quantity: 1, unitPriceCents: 20_000 },
  { description: 'Base cabinets', quantity: 1, unitPriceCents: 500_000, section: 'Cabinetry' },
  { description: 'Pantry unit', quantity: 1, unitPriceCents: 250_000, section: 'Cabinetry' },
  { description: 'Tapware', quantity: 2, unitPriceCents: 45_000, section: 'Plumbing' },
];

const draft: Quote = {
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
};

function renderBuilder() {
  const requests = answerRequests((request: SentRequest) => {
    if (request.url === '/api/settings') return { status: 200, body: { settings: defaultSettings, version: 1 } };
    const body = request.body as QuoteDraft;
    return { status: 200, body: { ...draft, ...body, totals: quoteTotals(body.items) } };
  });
  const view = renderWithProviders(
    <QuoteBuilder kind="inquiry" leadId="lead1" quote={draft} initial={quoteForm(draft)} onSaved={() => {}} onClose={() => {}} />,
  );
  return { requests, ...view };
}

const headings = () => within(screen.getByRole('list', { name: 'Items' })).getAllByRole('heading', { level: 4 });

describe('quote builder sections', () => {
  test("shows items under their sections' headings, offers the sections used so far, and saves a new item's section", async () => {
    const { user, requests } = renderBuilder();
    expect(headings().map((heading) => heading.textContent)).toEqual(['Cabinetry', 'Plumbing']);
    // Each heading sits with the first item of its section; the item without a section comes first, under none.
    expect(screen.getByRole('heading', { name: 'Cabinetry' }).closest('li')).toHaveTextContent('Item 2');
    expect(screen.getByRole('heading', { name: 'Plumbing' }).closest('li')).toHaveTextContent('Item 4');
    expect(screen.getByRole('combobox', { name: 'Item 3 section' })).toHaveValue('Cabinetry');

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(screen.getByLabelText('Item 5 description'), 'Stone benchtop');
    await user.type(screen.getByLabelText('Item 5 unit price excl. GST ($)'), '3,325');
    await user.click(screen.getByRole('combobox', { name: 'Item 5 section' }));
    const offered = await screen.findByRole('listbox');
    expect(
      within(offered)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cabinetry', 'Plumbing']);
    await user.type(screen.getByRole('combobox', { name: 'Item 5 section' }), 'Benchtops');
    await user.keyboard('{Escape}');
    expect(headings().map((heading) => heading.textContent)).toEqual(['Cabinetry', 'Plumbing', 'Benchtops']);

    // On a busy machine a save can land between keystrokes: the last one holds the whole section.
    await waitFor(
      () => {
        const saved = requests.filter((request) => request.method === 'PUT').at(-1)?.body as QuoteDraft | undefined;
        expect(saved?.items.map((item) => item.section)).toEqual([undefined, 'Cabinetry', 'Cabinetry', 'Plumbing', 'Benchtops']);
      },
      { timeout: 5000 },
    );
    expect(await screen.findByText('Saved', {}, { timeout: 5000 })).toBeVisible();
  }, 60_000);

  test('picking an offered section puts the item under it', async () => {
    const { user } = renderBuilder();
    await user.click(screen.getByRole('combobox', { name: 'Item 4 section' }));
    await user.clear(screen.getByRole('combobox', { name: 'Item 4 section' }));
    await user.click(await screen.findByRole('option', { name: 'Cabinetry' }));
    expect(screen.getByRole('combobox', { name: 'Item 4 section' })).toHaveValue('Cabinetry');
    expect(headings().map((heading) => heading.textContent)).toEqual(['Cabinetry']);
  });

  test('a section over 60 characters says so', async () => {
    const { user } = renderBuilder();
    await user.click(screen.getByRole('combobox', { name: 'Item 1 section' }));
    await user.paste('S'.repeat(61));
    await user.tab();
    expect(screen.getByText('Section: 1 to 60 characters, such as "Cabinetry"')).toBeVisible();
  });
});

describe("the contract's particulars", () => {
  test('are needed before sending once the quote can come to over $10,000, are autosaved, and out-of-range weeks say so', async () => {
    const { user, requests } = renderBuilder();
    const particulars = within(screen.getByRole('region', { name: 'Contract particulars' }));
    // $8,600 + GST is $9,460: not yet a major contract.
    expect(particulars.getByText('Needed before sending a quote that can come to over $10,000')).toBeVisible();
    await user.clear(screen.getByLabelText('Item 2 unit price excl. GST ($)'));
    await user.type(screen.getByLabelText('Item 2 unit price excl. GST ($)'), '6,000');
    // $9,600 + GST is $10,560.
    expect(particulars.getByText('Needed before sending: this quote can come to over $10,000')).toBeVisible();

    await user.type(particulars.getByRole('textbox', { name: 'Site address' }), '14 Smith Street, Northcote VIC 3070');
    await user.type(particulars.getByLabelText('Start date'), '2027-02-01');
    await user.type(particulars.getByRole('textbox', { name: 'Completion (weeks)' }), '12');
    const lastPut = () => requests.filter((request) => request.method === 'PUT').at(-1)?.body as QuoteDraft | undefined;
    await waitFor(
      () =>
        expect(lastPut()).toMatchObject({
          siteAddress: '14 Smith Street, Northcote VIC 3070',
          startDate: '2027-02-01',
          completionWeeks: 12,
        }),
      { timeout: 5000 },
    );
    expect(lastPut()?.items[1].unitPriceCents).toBe(600_000);

    // The start as weeks after acceptance instead: only the weeks are saved, and 200 is out of range.
    await user.click(particulars.getByRole('radio', { name: 'Start within weeks of acceptance' }));
    await user.type(particulars.getByRole('textbox', { name: 'Start within (weeks)' }), '200');
    await user.tab();
    expect(particulars.getByText(quoteMessages.startWithinWeeks)).toBeVisible();
    expect(await screen.findByText('Not saved until the contract particulars are corrected', {}, { timeout: 5000 })).toBeVisible();
    await user.clear(particulars.getByRole('textbox', { name: 'Start within (weeks)' }));
    await user.type(particulars.getByRole('textbox', { name: 'Start within (weeks)' }), '4');
    await waitFor(() => expect(lastPut()?.startWithinWeeks).toBe(4), { timeout: 5000 });
    expect(lastPut()).not.toHaveProperty('startDate');
    expect(particulars.queryByText(quoteMessages.startWithinWeeks)).toBeNull();
  }, 60_000);

  test("a new quote's site address comes back from the lead's booking and shows in its box", async () => {
    const requests = answerRequests((request: SentRequest) => {
      if (request.url === '/api/settings') return { status: 200, body: { settings: defaultSettings, version: 1 } };
      const body = request.body as QuoteDraft;
      return {
        status: 201,
        body: { ...draft, ...body, siteAddress: '8 High Street, Northcote VIC 3070', totals: quoteTotals(body.items) },
      };
    });
    const { user } = renderWithProviders(
      <QuoteBuilder kind="inquiry" leadId="lead1" quote={null} initial={emptyForm()} onSaved={() => {}} onClose={() => {}} />,
    );
    expect(screen.getByRole('textbox', { name: 'Site address' })).toHaveValue('');
    await user.type(screen.getByLabelText('Item 1 description'), 'Vanity');
    await user.type(screen.getByLabelText('Item 1 unit price excl. GST ($)'), '1,200');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Site address' })).toHaveValue('8 High Street, Northcote VIC 3070'), {
      timeout: 5000,
    });
    // The first save left it to the server; the new draft is not sent an address of the builder's own.
    expect(requests.find((request) => request.method === 'POST')?.body).not.toHaveProperty('siteAddress');
  });
});
