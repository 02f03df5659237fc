import { businessOf, defaultSettings, type PublicSettings } from '@site/domain';
import { afterEach, describe, expect, test } from 'vitest';
import { siteSettings } from '#web/lib/site-settings.ts';
import { businessJsonLd } from './business-json-ld';

const weekday = [{ from: '07:30', to: '16:00' }];

const settings: PublicSettings = {
  ...defaultSettings,
  business: { ...defaultSettings.business, brand: 'Fitzroy Joinery', phone: '0412 345 678', siteUrl: 'https://www.fitzroyjoinery.com.au' },
  hours: {
    weekly: [[], weekday, weekday, weekday, weekday, weekday, [{ from: '09:00', to: '12:00' }]],
    closures: [{ from: '2026-12-24', to: '2027-01-04', label: 'Christmas shutdown' }],
  },
  links: {
    instagram: 'https://www.instagram.com/fitzroyjoinery',
    houzz: 'https://www.houzz.com.au/professionals/fitzroy-joinery',
  },
};

afterEach(() => siteSettings.seed(defaultSettings));

describe("the business's structured data", () => {
  test('carries the telephone, address, weekly hours, closures and links of the settings', () => {
    siteSettings.seed(settings);
    // What the server writes into the page (the browser's bundle leaves the builder out).
    const data = businessJsonLd(businessOf(settings), settings.hours) as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'HomeAndConstructionBusiness',
      name: 'Fitzroy Joinery',
      url: 'https://www.fitzroyjoinery.com.au/',
      telephone: '+61412345678',
      address: { '@type': 'PostalAddress', streetAddress: '12 Example Street', addressLocality: 'Richmond', addressRegion: 'VIC' },
      sameAs: ['https://www.instagram.com/fitzroyjoinery', 'https://www.houzz.com.au/professionals/fitzroy-joinery'],
    });
    expect(data.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '07:30',
        closes: '16:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '12:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-24', validThrough: '2027-01-04', opens: '00:00', closes: '00:00' },
    ]);
  });
});
