import { isExampleAddress, isExamplePhone, type BusinessSettings } from '@site/domain';
import { describe, expect, it } from 'vitest';
import { deployBuildProblem, describePlaceholders, findPlaceholders } from './placeholders';

const real: BusinessSettings = {
  brand: 'Northcote Kitchens & Bathrooms',
  phone: '(03) 9481 2267',
  phoneHref: '+61394812267',
  email: 'hello@northcotekitchens.com.au',
  address: { street: '41 High Street', suburb: 'Northcote', state: 'VIC', postcode: '3070', country: 'AU' },
  siteUrl: 'https://www.northcotekitchens.com.au',
  areaServed: 'Melbourne, Victoria',
  instagramUrl: 'https://www.instagram.com/northcotekitchens',
};

describe('findPlaceholders', () => {
  it('names each example value the business settings ship with, and where to set it', () => {
    const shipped: BusinessSettings = {
      ...real,
      phone: '(03) 7010 4620',
      phoneHref: '+61370104620',
      email: 'hello@example.com',
      address: { ...real.address, street: '12 Example Street' },
      siteUrl: 'https://www.example.com',
      facebookUrl: 'https://www.facebook.com.example/northcote',
    };
    expect(describePlaceholders(findPlaceholders(shipped))).toEqual([
      'siteUrl is still the example "https://www.example.com": set it in web/src/config/business.ts',
      'email is still the example "hello@example.com": set it in web/src/config/business.ts',
      'phone is still the example "(03) 7010 4620": set it in web/src/config/business.ts (phone and phoneHref)',
      'address.street is still the example "12 Example Street": set it in web/src/config/business.ts',
      'facebookUrl is still the example "https://www.facebook.com.example/northcote": set it in web/src/config/business.ts',
    ]);
  });

  it('finds nothing in real settings', () => {
    expect(findPlaceholders(real)).toEqual([]);
  });

  it('checks the site address where the caller takes it from, instead of the settings', () => {
    const fromEnv = { setting: 'SITE_URL', value: 'https://staging.example.org/', setIn: 'the SITE_URL environment variable' };
    expect(findPlaceholders({ ...real, siteUrl: 'https://www.example.com' }, [fromEnv])).toEqual([fromEnv]);
    expect(findPlaceholders({ ...real, siteUrl: 'https://www.example.com' }, [{ ...fromEnv, value: real.siteUrl }])).toEqual([]);
  });
});

describe('isExampleAddress', () => {
  it.each([
    ['hello@example.com', true],
    ['office@Example.COM.au', true],
    ['https://www.example.com', true],
    ['https://shop.example.org/kitchens', true],
    ['http://site.test', true],
    ['hello@examplekitchens.com.au', false],
    ['https://www.example-kitchens.com.au', false],
    ['https://www.northcotekitchens.com.au', false],
    ['not an address', false],
  ])('%s: %s', (value, expected) => {
    expect(isExampleAddress(value)).toBe(expected);
  });
});

describe('isExamplePhone', () => {
  it.each([
    ['+61370104620', true],
    ['+61255501234', true],
    ['+61 8 7010 0000', true],
    ['+61394812267', false],
    ['+61412345678', false],
  ])('%s: %s', (value, expected) => {
    expect(isExamplePhone(value)).toBe(expected);
  });
});

describe('deployBuildProblem', () => {
  const firebase = { VITE_BACKEND: 'firebase' };
  it('stops a Firebase Hosting build while the site address is an example one, saying where to set it', () => {
    expect(deployBuildProblem('https://www.example.com', firebase)).toBe(
      "The site's address is still the example https://www.example.com, which robots.txt and sitemap.xml would list: set VITE_SITE_URL (web/.env.production) or siteUrl in web/src/config/business.ts before building to deploy.",
    );
  });

  it('lets the real address, the emulators and the embedded build through', () => {
    expect(deployBuildProblem(real.siteUrl, firebase)).toBeUndefined();
    expect(deployBuildProblem('https://www.example.com', { ...firebase, VITE_FIREBASE_EMULATORS: 'true' })).toBeUndefined();
    expect(deployBuildProblem('https://www.example.com', {})).toBeUndefined();
    expect(deployBuildProblem('https://www.example.com', { VITE_BACKEND: 'embedded' })).toBeUndefined();
  });
});
