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

  test("keeps the 'Virtual Showroom' link in the bar, outside the menu's panel", () => {
    const header = renderHeader('/virtual-showroom');
    const menu = header.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    const showroom = header.getByRole('link', { name: 'Virtual Showroom' });
    expect(showroom).toHaveAttribute('href', '/virtual-showroom');
    expect(showroom).toHaveAttribute('aria-current', 'page');
    expect(panel).not.toContainElement(showroom);
  });

  test('its menu button opens and closes the panel holding Services, Gallery and About', () => {
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
