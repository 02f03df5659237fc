import { defaultSettings, quoteMessages, quoteTotals, type PriceListItem, type Quote, type QuoteDraft, type QuoteItem } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
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

const priceList: PriceListItem[] = [
  { id: 'p1', description: 'Stone benchtop 20 mm', unit: 'm', unitPriceCents: 105_440, section: 'Benchtops' },
  { id: 'p2', description: 'Laminate benchtop', unit: 'm', unitPriceCents: 21_000, section: 'Benchtops' },
  { id: 'p3', description: 'Undermount sink', unit: 'each', unitPriceCents: 45_000, section: 'Plumbing' },
];

function renderBuilder(quote: Quote = draft) {
  const requests = answerRequests((request: SentRequest) => {
    if (request.url === '/api/settings') return { status: 200, body: { settings: { ...defaultSettings, priceList }, version: 1 } };
    if (request.url === '/api/settings/price-list') {
      const entry = request.body as Omit<PriceListItem, 'id'>;
      const item = { id: 'p4', ...entry };
      return { status: 200, body: { settings: { ...defaultSettings, priceList: [...priceList, item] }, version: 2, item } };
    }
    const body = request.body as QuoteDraft;
    return { status: 200, body: { ...quote, ...body, totals: quoteTotals(body.items) } };
  });
  const view = renderWithProviders(
    <QuoteBuilder kind="inquiry" leadId="lead1" quote={quote} initial={quoteForm(quote)} onSaved={() => {}} onClose={() => {}} />,
  );
  return { requests, ...view };
}

const sectionNames = () =>
  within(screen.getByRole('list', { name: 'Sections' }))
    .getAllByRole('region')
    .filter(
      (region) =>
        region.getAttribute('aria-label')?.startsWith('Section ') || region.getAttribute('aria-label') === 'Items without a section',
    )
    .map((region) => region.getAttribute('aria-label'));
const lastSave = (requests: SentRequest[]) => requests.filter((request) => request.method === 'PUT').at(-1)?.body as QuoteDraft | undefined;

describe('quote builder sections', () => {
  test('holds each item in its section; an item added under a section is saved in it', async () => {
    const { user, requests } = renderBuilder();
    expect(sectionNames()).toEqual(['Items without a section', 'Section Cabinetry', 'Section Plumbing']);
    const cabinetry = within(screen.getByRole('region', { name: 'Section Cabinetry' }));
    expect(cabinetry.getByLabelText('Item 2 description')).toHaveValue('Base cabinets');
    expect(cabinetry.getByLabelText('Item 3 description')).toHaveValue('Pantry unit');

    await user.click(cabinetry.getByRole('button', { name: 'Add item' }));
    // The new item is the section's last: the Plumbing item after it is item 5 now.
    await user.type(cabinetry.getByLabelText('Item 4 description'), 'Tall pantry');
    await user.type(cabinetry.getByLabelText('Item 4 unit price excl. GST ($)'), '1,800');
    expect(screen.getByLabelText('Item 5 description')).toHaveValue('Tapware');
    await waitFor(
      () =>
        expect(lastSave(requests)?.items.map((item) => [item.description, item.section])).toEqual([
          ['Site protection', undefined],
          ['Base cabinets', 'Cabinetry'],
          ['Pantry unit', 'Cabinetry'],
          ['Tall pantry', 'Cabinetry'],
          ['Tapware', 'Plumbing'],
        ]),
      { timeout: 5000 },
    );
    expect(await screen.findByText('Saved', {}, { timeout: 5000 })).toBeVisible();
  }, 60_000);

  test('renaming a section renames its items; a new section starts with an item; a name over 60 characters says so', async () => {
    const { user, requests } = renderBuilder();
    await user.clear(screen.getByRole('combobox', { name: 'Section 3 name' }));
    await user.type(screen.getByRole('combobox', { name: 'Section 3 name' }), 'Plumbing and tapware');
    await waitFor(() => expect(lastSave(requests)?.items[3].section).toBe('Plumbing and tapware'), { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(sectionNames()).toEqual(['Items without a section', 'Section Cabinetry', 'Section Plumbing and tapware', 'Section Section 1']);
    expect(within(screen.getByRole('region', { name: 'Section Section 1' })).getByLabelText('Item 5 description')).toHaveValue('');
    await user.clear(screen.getByRole('combobox', { name: 'Section 4 name' }));
    await user.paste('S'.repeat(61));
    expect(screen.getByText('Section: 1 to 60 characters, such as "Cabinetry"')).toBeVisible();
  }, 60_000);

  test('a choice is made once with its alternatives; the default comes first and the customer sees it chosen', async () => {
    const { user, requests } = renderBuilder();
    const plumbing = within(screen.getByRole('region', { name: 'Section Plumbing' }));
    await user.click(plumbing.getByRole('button', { name: 'Add choice' }));
    const choice = within(screen.getByRole('region', { name: 'Choice Choice 1' }));
    await user.clear(choice.getByLabelText('Choice 1 name'));
    await user.type(choice.getByLabelText('Choice 1 name'), 'Basin');
    const basin = within(screen.getByRole('region', { name: 'Choice Basin' }));
    await user.type(basin.getByRole('combobox', { name: 'Item 5 description' }), 'Ceramic basin');
    await user.type(basin.getByLabelText('Item 5 unit price excl. GST ($)'), '300');
    await user.type(basin.getByRole('combobox', { name: 'Item 6 description' }), 'Stone basin');
    await user.type(basin.getByLabelText('Item 6 unit price excl. GST ($)'), '900');
    expect(basin.getByRole('radio', { name: 'Item 5 is the default' })).toBeChecked();

    // The stone basin made the default: it comes first, so it is in the price until the customer picks.
    await user.click(basin.getByRole('radio', { name: 'Item 6 is the default' }));
    expect(basin.getByRole('combobox', { name: 'Item 5 description' })).toHaveValue('Stone basin');
    await waitFor(
      () =>
        expect(lastSave(requests)?.items.slice(4)).toEqual([
          { description: 'Stone basin', quantity: 1, unitPriceCents: 90_000, group: 'Basin', section: 'Plumbing' },
          { description: 'Ceramic basin', quantity: 1, unitPriceCents: 30_000, group: 'Basin', section: 'Plumbing' },
        ]),
      { timeout: 5000 },
    );

    // A second choice of the same name would merge with the first: it is refused until renamed.
    await user.click(plumbing.getByRole('button', { name: 'Add choice' }));
    await user.clear(screen.getByLabelText('Choice 2 name'));
    await user.type(screen.getByLabelText('Choice 2 name'), 'basin');
    expect(screen.getAllByText('Another choice has this name: give each choice its own')).toHaveLength(2);
  }, 150_000);
});

describe('the price list in the builder', () => {
  test('is searched while typing a description; picking one fills the item and puts it in its section', async () => {
    const { user, requests } = renderBuilder();
    const first = screen.getByRole('combobox', { name: 'Item 1 description' });
    await user.clear(first);
    await user.type(first, 'bench');
    const offered = await screen.findByRole('listbox');
    expect(
      within(offered)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Stone benchtop 20 mm · Benchtops$1,054.40 / m', 'Laminate benchtop · Benchtops$210.00 / m']);
    await user.type(first, ' stone');
    expect(within(await screen.findByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: /Stone benchtop 20 mm/ }));

    // Item 1 went into a new Benchtops section at the end: it is the quote's last item now.
    expect(sectionNames()).toEqual(['Section Cabinetry', 'Section Plumbing', 'Section Benchtops']);
    const benchtops = within(screen.getByRole('region', { name: 'Section Benchtops' }));
    expect(benchtops.getByLabelText('Item 4 description')).toHaveValue('Stone benchtop 20 mm');
    expect(benchtops.getByLabelText('Item 4 unit')).toHaveValue('m');
    expect(benchtops.getByLabelText('Item 4 unit price excl. GST ($)')).toHaveValue('1054.40');
    await waitFor(
      () =>
        expect(lastSave(requests)?.items.at(-1)).toEqual({
          description: 'Stone benchtop 20 mm',
          quantity: 1,
          unit: 'm',
          unitPriceCents: 105_440,
          section: 'Benchtops',
        }),
      { timeout: 5000 },
    );
  }, 60_000);

  test('saves an item of the quote to the price list, which offers it at once', async () => {
    const { user, requests } = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Save item 4 to price list' }));
    await waitFor(() =>
      expect(requests.find((request) => request.url === '/api/settings/price-list')).toMatchObject({
        method: 'POST',
        body: { description: 'Tapware', unitPriceCents: 45_000, section: 'Plumbing' },
      }),
    );
    expect(await screen.findByText('Tapware is in the price list.')).toBeVisible();

    await user.click(within(screen.getByRole('region', { name: 'Items without a section' })).getByRole('button', { name: 'Add item' }));
    await user.type(screen.getByRole('combobox', { name: 'Item 2 description' }), 'tap');
    const offered = await screen.findByRole('listbox');
    expect(
      within(offered)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tapware · Plumbing$450.00']);
  }, 60_000);
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
