import { defaultSettings, type PriceListItem } from '@site/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { PriceListSection } from './price-list-section';

const stone: PriceListItem = { id: 'stone', description: 'Stone benchtop', unit: 'm', unitPriceCents: 105_440, section: 'Benchtops' };

describe('the price list section', () => {
  test('shows the saved items in dollars, saves a new one in cents, and a price that is not dollars and cents says so', async () => {
    const requests = answerRequests((request: SentRequest) => ({
      status: 200,
      body: { settings: { ...defaultSettings, priceList: (request.body as { priceList?: PriceListItem[] }).priceList ?? [] }, version: 4 },
    }));
    const { user } = renderWithProviders(<PriceListSection priceList={[stone]} version={3} />);
    expect(screen.getByLabelText('Item 1 unit price excl. GST ($)')).toHaveValue('1054.40');

    await user.click(screen.getByRole('button', { name: 'Add to price list' }));
    await user.type(screen.getByLabelText('Price list item 2 description'), 'Undermount sink');
    await user.type(screen.getByLabelText('Item 2 unit price excl. GST ($)'), '4.505');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await screen.findAllByText('Unit price: dollars and cents from 0, excluding GST')).not.toHaveLength(0);
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await user.clear(screen.getByLabelText('Item 2 unit price excl. GST ($)'));
    await user.type(screen.getByLabelText('Item 2 unit price excl. GST ($)'), '450');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')).toBeDefined());
    const body = requests.find((request) => request.method === 'PUT')?.body as { version: number; priceList: PriceListItem[] };
    expect(body.version).toBe(3);
    expect(body.priceList).toEqual([stone, { id: expect.any(String), description: 'Undermount sink', unitPriceCents: 45_000 }]);
  }, 60_000);
});
