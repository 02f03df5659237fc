import { consumerGuideDefaultUrl, defaultSettings, type SiteSettings } from '@site/domain';
import { settingsMessages } from '@site/domain/settings-schema';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import type { AdminSettings } from '#web/lib/admin/settings-query.ts';
import SettingsTab from './settings-tab';

/** Stored before the guide's address existed: its payments have none. */
const stored = {
  ...defaultSettings,
  business: { ...defaultSettings.business, brand: 'Fitzroy Joinery', siteUrl: 'https://www.fitzroyjoinery.com.au' },
  payments: { depositPercent: null, bankAccountName: '', bankBsb: '', bankAccountNumber: '' },
} as unknown as SiteSettings;
const saved: AdminSettings = { settings: stored, version: 3, updatedAt: '2026-03-02T03:04:00.000Z', updatedBy: 'sam' };

function renderTab() {
  const requests = answerRequests((request) => {
    if (request.method !== 'PUT') return { status: 200, body: saved };
    const { version, ...sections } = request.body as Partial<SiteSettings> & { version: number };
    return { status: 200, body: { ...saved, settings: { ...stored, ...sections }, version: version + 1 } };
  });
  return { requests, ...renderWithProviders(<SettingsTab />) };
}

const puts = (requests: SentRequest[]) => requests.filter(({ method }) => method === 'PUT').map(({ body }) => body);

describe("the builder's registration number", () => {
  test('is explained, checked against the rules and saved with the business details', async () => {
    const { requests, user } = renderTab();
    const business = await screen.findByRole('region', { name: 'Business details' });
    const registration = within(business).getByRole('textbox', { name: "Builder's registration number" });
    expect(registration).toHaveValue('');
    expect(registration).toHaveAccessibleDescription(
      'As the Victorian Building Authority issued it, such as DB-U 12345. Shown in the footer and on every quote; needed before a quote over $10,000 is sent.',
    );
    await user.type(registration, 'DB/U 12345');
    await user.click(within(business).getByRole('button', { name: 'Save business details' }));
    expect(await within(business).findByRole('alert')).toHaveTextContent(settingsMessages.registrationNumber);
    expect(registration).toHaveAccessibleDescription(settingsMessages.registrationNumber);
    expect(puts(requests)).toEqual([]);

    await user.clear(registration);
    await user.type(registration, 'DB-U 12345');
    await user.click(within(business).getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('Business details saved')).toBeVisible();
    expect(puts(requests)).toEqual([{ version: 3, business: expect.objectContaining({ registrationNumber: 'DB-U 12345' }) as unknown }]);
  });
});

describe('the Domestic Building Consumer Guide address', () => {
  test("offers Consumer Affairs Victoria's page, refuses an address that is not https, and saves a new one after the password", async () => {
    const { requests, user } = renderTab();
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const guide = within(payments).getByRole('textbox', { name: 'Domestic Building Consumer Guide address' });
    expect(guide).toHaveValue(consumerGuideDefaultUrl);

    await user.clear(guide);
    await user.type(guide, 'http://example.com/guide.pdf');
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));
    expect(await within(payments).findByRole('alert')).toHaveTextContent(settingsMessages.consumerGuideUrl);
    expect(puts(requests)).toEqual([]);

    await user.clear(guide);
    await user.type(guide, 'https://www.fitzroyjoinery.com.au/consumer-guide.pdf');
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save payments' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payments saved')).toBeVisible();
    expect(puts(requests)).toEqual([
      {
        version: 3,
        payments: expect.objectContaining({ consumerGuideUrl: 'https://www.fitzroyjoinery.com.au/consumer-guide.pdf' }) as unknown,
        currentPassword: 'my password',
      },
    ]);
  });
});
