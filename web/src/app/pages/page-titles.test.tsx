import { defaultSettings } from '@site/domain';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { siteSettings } from '#web/lib/site-settings.ts';
import { AboutPage } from './about-page';
import { BookPage } from './book-page';
import { GalleryPage } from './gallery-page';
import { NotFoundPage } from './not-found-page';
import { PrivacyPage } from './privacy-page';
import { ServicesPage } from './services-page';

const brand = 'Northcote Kitchens & Bathrooms Renovation';

afterEach(() => siteSettings.seed(defaultSettings));

const pages: { path: string; page: ReactNode; title: string }[] = [
  { path: '/about', page: <AboutPage />, title: 'About Us' },
  { path: '/services', page: <ServicesPage />, title: 'Renovation Services: Kitchens, Bathrooms, Wardrobes & More' },
  { path: '/gallery', page: <GalleryPage />, title: 'Project Gallery: Kitchens, Wardrobes & Entertainment Units' },
  { path: '/privacy', page: <PrivacyPage />, title: 'Privacy Policy' },
  { path: '/book', page: <BookPage />, title: 'Book a Free Site Measure' },
  { path: '/no-such-page', page: <NotFoundPage />, title: 'Page Not Found' },
];

describe("each public page's title", () => {
  for (const { path, page, title } of pages) {
    test(`${path} is "{page} | {business}", in the tab and when shared`, async () => {
      siteSettings.seed({ ...defaultSettings, business: { ...defaultSettings.business, brand } });
      render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);
      await screen.findByRole('heading', { level: 1 });
      expect(document.title).toBe(`${title} | ${brand}`);
      expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute('content', `${title} | ${brand}`);
      expect(document.querySelector('meta[property="og:site_name"]')).toHaveAttribute('content', brand);
    });
  }
});
