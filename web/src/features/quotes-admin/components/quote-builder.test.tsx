import { defaultSettings, quoteTotals, type Quote, type QuoteDraft, type QuoteItem } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type SentRequest } from '../../../../test-support/api';
import { renderWithProviders } from '../../../../test-support/render';
import { quoteForm } from '../lib/quote-lines';
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
