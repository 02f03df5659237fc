import { defaultSettings, type PublicSettings } from '@site/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { adoptSiteData, siteDataId } from '../lib/site-data';
import { siteSettings } from '../lib/site-settings';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const saturdayMorning = [{ from: '09:00', to: '12:00' }];
const weekday = [{ from: '07:30', to: '16:00' }];

/** A business with its own hours (Saturday mornings too), a Christmas shutdown, and every link. */
const settings: PublicSettings = {
  ...defaultSettings,
  business: { ...defaultSettings.business, brand: 'Fitzroy Joinery', phone: '0412 345 678', siteUrl: 'https://www.fitzroyjoinery.com.au' },
  hours: {
    weekly: [[], weekday, weekday, weekday, weekday, weekday, saturdayMorning],
    closures: [{ from: '2026-12-24', to: '2027-01-04', label: 'Christmas shutdown' }],
  },
  links: {
    instagram: 'https://www.instagram.com/fitzroyjoinery',
    houzz: 'https://www.houzz.com.au/professionals/fitzroy-joinery',
  },
};

const renderFooter = () =>
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.useRealTimers();
  siteSettings.seed(defaultSettings);
  document.getElementById(siteDataId)?.remove();
});

describe('the footer', () => {
  test('shows the opening hours by day groups, and during a closure says until when, in Melbourne time', () => {
    // 29 December, 9 am in Melbourne (still 28 December in UTC).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-28T22:00:00Z'));
    siteSettings.seed(settings);
    renderFooter();
    expect(screen.getByRole('heading', { level: 2, name: 'Opening hours' })).toBeVisible();
    expect(screen.getByText('Closed for Christmas shutdown until Monday 4 January, open again Tuesday 5 January')).toBeVisible();
    const hours = screen.getByRole('heading', { name: 'Opening hours' }).parentElement as HTMLElement;
    const lines = [...hours.querySelectorAll('dl > div')].map((line) => line.textContent);
    expect(lines).toEqual(['Monday to Friday7:30 am to 4:00 pm', 'Saturday9:00 am to midday', 'SundayClosed']);
    const contact = within(screen.getByRole('contentinfo'));
    expect(contact.getByRole('link', { name: '0412 345 678' })).toHaveAttribute('href', 'tel:+61412345678');
    expect(contact.getByRole('link', { name: 'Houzz (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.houzz.com.au/professionals/fitzroy-joinery',
    );
    expect(contact.getByRole('link', { name: 'Instagram (opens in a new tab)' })).toBeVisible();
    expect(contact.queryByRole('link', { name: /Facebook/ })).toBeNull();
  });

  test("shows the ABN and the builder's registration when they are set, and neither when not", () => {
    siteSettings.seed({ ...settings, business: { ...settings.business, abn: '51824753556', registrationNumber: 'DB-U 12345' } });
    const { unmount } = renderFooter();
    expect(within(screen.getByRole('contentinfo')).getByText('ABN 51824753556 · Builder registration DB-U 12345')).toBeVisible();
    unmount();
    siteSettings.seed(settings);
    renderFooter();
    expect(within(screen.getByRole('contentinfo')).queryByText(/ABN|Builder registration/)).toBeNull();
  });

  test('says nothing of a closure on the day after it ends', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    siteSettings.seed(settings);
    // 5 January, 8 am in Melbourne.
    vi.setSystemTime(new Date('2027-01-04T21:00:00Z'));
    renderFooter();
    expect(screen.getByText('Monday to Friday')).toBeVisible();
    expect(screen.queryByText(/^Closed /)).toBeNull();
  });

  test('announces the next closure from 60 days before it starts, with its dates and label', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    siteSettings.seed({
      ...settings,
      hours: {
        ...settings.hours,
        closures: [
          { from: '2026-12-24', to: '2027-01-05', label: 'Christmas shutdown' },
          { from: '2027-01-26', to: '2027-01-26', label: '' },
        ],
      },
    });
    const cases = [
      // 25 October, 9 am in Melbourne: 60 days before; then 23 December, 11 pm.
      { now: '2026-10-24T22:00:00Z', says: 'Closed 24 December 2026 to 5 January 2027 (Christmas shutdown)' },
      { now: '2026-12-23T12:00:00Z', says: 'Closed 24 December 2026 to 5 January 2027 (Christmas shutdown)' },
      // 6 January: the shutdown is over, and the next closure (a day with no label) is 20 days off.
      { now: '2027-01-05T22:00:00Z', says: 'Closed 26 January 2027' },
      // 24 October: 61 days before, too early to say.
      { now: '2026-10-23T22:00:00Z', says: undefined },
    ];
    for (const { now, says } of cases) {
      vi.setSystemTime(new Date(now));
      const { unmount } = renderFooter();
      const footer = within(screen.getByRole('contentinfo'));
      if (says) expect(footer.getByText(says)).toBeVisible();
      else expect(footer.queryByText(/^Closed /)).toBeNull();
      unmount();
    }
  });
});

describe('a page with the settings in its data block', () => {
  test("renders the header's phone link from the block before any request", () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = siteDataId;
    block.textContent = JSON.stringify({ settings, today: '2026-12-29' });
    document.head.append(block);
    adoptSiteData();
    render(
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Fitzroy Joinery, home' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Call 0412 345 678' })).toHaveAttribute('href', 'tel:+61412345678');
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });
});
