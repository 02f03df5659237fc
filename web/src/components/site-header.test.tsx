import { defaultSettings } from '@site/domain';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { siteSettings } from '../lib/site-settings';
import { SiteHeader } from './site-header';

const brand = 'Northcote Kitchens & Bathrooms Renovation';

afterEach(() => siteSettings.seed(defaultSettings));

const renderHeader = (at = '/') => {
  siteSettings.seed({ ...defaultSettings, business: { ...defaultSettings.business, brand, phone: '(03) 9123 4567' } });
  render(
    <MemoryRouter initialEntries={[at]}>
      <SiteHeader />
    </MemoryRouter>,
  );
  return within(screen.getByRole('banner'));
};

describe('the header', () => {
  test("shows the business's name as the home link, and names the phone button for what it does", () => {
    const header = renderHeader();
    expect(header.getByText(brand)).toBeVisible();
    expect(header.getByRole('link', { name: `${brand}, home` })).toHaveAttribute('href', '/');
    // Its name holds the number it shows, whether the number or only its icon is on screen.
    const phone = header.getByRole('link', { name: 'Call (03) 9123 4567' });
    expect(phone).toHaveAttribute('href', 'tel:+61391234567');
    expect(phone).toHaveTextContent('(03) 9123 4567');
  });

  test('its menu button opens and closes the panel holding Services, Gallery, About and the showroom', () => {
    const header = renderHeader('/gallery');
    const menu = header.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(
      within(panel)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Services', '/services'],
      ['Gallery', '/gallery'],
      ['About', '/about'],
      ['Virtual Showroom', '/virtual-showroom'],
    ]);
    expect(within(panel).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});
