import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { defaultSettings, type PublicSettings } from '@site/domain';
import { afterEach, describe, expect, test } from 'vitest';
import { SiteFooter } from '#web/components/site-footer.tsx';
import { siteSettings } from '#web/lib/site-settings.ts';
import { businessIdentity, PrivacyPage, retentionText } from './privacy-page';

const renderPolicy = () =>
  render(
    <MemoryRouter initialEntries={['/privacy']}>
      <PrivacyPage />
    </MemoryRouter>,
  );

afterEach(() => siteSettings.seed(defaultSettings));

describe('the privacy policy', () => {
  test('says what is collected, why, who sees it, how long it is kept, how to ask, and the contact', () => {
    renderPolicy();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    for (const heading of [
      'What we collect',
      'Why we collect it',
      'Who sees it',
      'How long we keep it',
      'Access, correction and deletion',
      'Complaints',
      'Contact us',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    expect(screen.getByText(/Photos and plans/)).toBeVisible();
    expect(screen.getByText(/How you found us:/)).toBeVisible();
    expect(screen.getByText(/Visit counts:/)).toBeVisible();
    expect(screen.getByText(/email and SMS providers/)).toBeVisible();
    expect(screen.getByText(/delete them sooner when you ask us to/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'www.oaic.gov.au' })).toHaveAttribute('href', 'https://www.oaic.gov.au');
    const address = document.querySelector('address');
    expect(address).not.toBeNull();
    const inAddress = within(address as HTMLElement);
    expect(inAddress.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute('href', 'mailto:hello@example.com');
    expect(inAddress.getByRole('link', { name: '(03) 7010 4620' })).toHaveAttribute('href', 'tel:+61370104620');
    expect(inAddress.getByText('12 Example Street')).toBeVisible();
  });

  test("shows the stored settings: the business's legal name, ABN, contact and the retention months", () => {
    const settings: PublicSettings = {
      ...defaultSettings,
      business: {
        ...defaultSettings.business,
        brand: 'Fitzroy Joinery',
        legalName: 'FJ Cabinets Pty Ltd',
        abn: '51824753556',
        phone: '0412 345 678',
        email: 'office@fitzroyjoinery.com.au',
        street: '8 Smith Street',
        suburb: 'Fitzroy',
        postcode: '3065',
      },
      privacy: { leadRetentionMonths: 18 },
    };
    siteSettings.seed(settings);
    renderPolicy();
    expect(screen.getByText(/This policy explains how Fitzroy Joinery \(FJ Cabinets Pty Ltd\), ABN 51824753556 handles/)).toBeVisible();
    expect(screen.getByText(/for 18 months after its last update, then delete them automatically/)).toBeVisible();
    const inAddress = within(document.querySelector('address') as HTMLElement);
    expect(inAddress.getByText('Fitzroy Joinery (FJ Cabinets Pty Ltd), ABN 51824753556')).toBeVisible();
    expect(inAddress.getByText('8 Smith Street')).toBeVisible();
    expect(inAddress.getByText('Fitzroy VIC 3065')).toBeVisible();
    expect(inAddress.getByRole('link', { name: 'office@fitzroyjoinery.com.au' })).toHaveAttribute(
      'href',
      'mailto:office@fitzroyjoinery.com.au',
    );
    expect(inAddress.getByRole('link', { name: '0412 345 678' })).toHaveAttribute('href', 'tel:+61412345678');
    expect(document.title).toBe('Privacy Policy | Fitzroy Joinery');
  });

  test('names the business with its legal name and ABN when the settings give them', () => {
    expect(businessIdentity({ brand: 'Northcote Kitchens', legalName: undefined, abn: undefined })).toBe('Northcote Kitchens');
    expect(businessIdentity({ brand: 'Northcote Kitchens', legalName: 'NK Joinery Pty Ltd', abn: '12 345 678 901' })).toBe(
      'Northcote Kitchens (NK Joinery Pty Ltd), ABN 12 345 678 901',
    );
  });

  test('states the retention the settings give, or that leads are kept until asked when there is none', () => {
    expect(retentionText({ leadRetentionMonths: 24 })).toMatch(/for 24 months after its last update, then delete them automatically/);
    expect(retentionText({ leadRetentionMonths: undefined })).toMatch(/delete them sooner when you ask us to/);
  });

  test('is linked from the footer', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });
});
