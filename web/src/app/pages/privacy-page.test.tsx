import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { SiteFooter } from '../../components/site-footer';
import { business } from '../../config/business';
import { businessIdentity, PrivacyPage, retentionText } from './privacy-page';

describe('the privacy policy', () => {
  test('says what is collected, why, who sees it, how long it is kept, how to ask, and the contact', () => {
    render(
      <MemoryRouter initialEntries={['/privacy']}>
        <PrivacyPage />
      </MemoryRouter>,
    );
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
    expect(screen.getByText(retentionText(business))).toBeVisible();
    expect(screen.getByRole('link', { name: 'www.oaic.gov.au' })).toHaveAttribute('href', 'https://www.oaic.gov.au');
    const address = document.querySelector('address');
    expect(address).not.toBeNull();
    const inAddress = within(address as HTMLElement);
    expect(inAddress.getByRole('link', { name: business.email })).toHaveAttribute('href', `mailto:${business.email}`);
    expect(inAddress.getByRole('link', { name: business.phone })).toHaveAttribute('href', `tel:${business.phoneHref}`);
    expect(inAddress.getByText(business.address.street)).toBeVisible();
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
