import { quoteTotals, type CustomerQuote, type QuoteItem } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '#web-test/render.tsx';
import { CustomerQuoteView } from './customer-quote';

const items: QuoteItem[] = [
  { description: 'Site protection', quantity: 1, unitPriceCents: 20_000 },
  { description: 'Base cabinets', quantity: 1, unitPriceCents: 500_000, section: 'Cabinetry' },
  { description: 'Pantry unit', quantity: 1, unitPriceCents: 250_000, section: 'Cabinetry' },
  { description: 'Laminate benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 33_333, group: 'Benchtop', section: 'Benchtops' },
  { description: 'Stone benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 95_000, group: 'Benchtop', section: 'Benchtops' },
  { description: 'Tapware', quantity: 2, unitPriceCents: 45_000, section: 'Plumbing' },
  { description: 'Filter tap', quantity: 1, unitPriceCents: 80_000, optional: true, section: 'Plumbing' },
];

const quote: CustomerQuote = {
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
};

const sectionOf = (name: string) => screen.getByRole('region', { name });

describe("a quote's sections on the customer's page", () => {
  test('shows the items under their section headings, in order, each with its subtotal following the choices', async () => {
    const { user } = renderWithProviders(
      <CustomerQuoteView
        token="tok-1"
        quote={quote}
        brand="Fitzroy Joinery"
        depositMethods={{ card: false, bank: true }}
        deposit={{ percent: null }}
        unreachable="Offline"
        onChange={() => {}}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Cabinetry',
      'Benchtops',
      'Plumbing',
    ]);
    // The item without a section sits above the first heading, in no section.
    expect(screen.getByRole('list', { name: 'Included' })).toHaveTextContent('Site protection');
    const cabinetry = within(sectionOf('Cabinetry'));
    expect(cabinetry.getByRole('list', { name: 'Included in Cabinetry' })).toHaveTextContent(/Base cabinets.*Pantry unit/);
    expect(cabinetry.getByText('Cabinetry subtotal (excl. GST)').nextSibling).toHaveTextContent('$7,500.00');

    const benchtops = within(sectionOf('Benchtops'));
    expect(benchtops.getByRole('group', { name: 'Benchtop: choose one' })).toBeVisible();
    // The default shows its price; the alternative what choosing it instead adds: $3,325.00 less $1,166.66.
    expect(benchtops.getByRole('radio', { name: /^Laminate benchtop \(3\.5 m\)\s*\$1,166\.66$/ })).toBeChecked();
    expect(benchtops.getByRole('radio', { name: /^Stone benchtop \(3\.5 m\)\s*\+\$2,158\.34$/ })).not.toBeChecked();
    expect(benchtops.getByText('Benchtops subtotal (excl. GST)').nextSibling).toHaveTextContent('$1,166.66');
    await user.click(benchtops.getByRole('radio', { name: /Stone benchtop/ }));
    expect(benchtops.getByText('Benchtops subtotal (excl. GST)').nextSibling).toHaveTextContent('$3,325.00');

    const plumbing = within(sectionOf('Plumbing'));
    expect(plumbing.getByRole('group', { name: 'Optional extras in Plumbing' })).toHaveTextContent('Filter tap');
    expect(plumbing.queryByText('Base cabinets')).toBeNull();
  });
});
