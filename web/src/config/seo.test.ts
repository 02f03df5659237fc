import { defaultSettings, pageTexts } from '@site/domain';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { pageSeo } from './seo';

describe('the home and about descriptions', () => {
  const business = { brand: 'Harbour Joinery' };

  it('repeat the owner’s highlights and intro, which default to the site’s own words', () => {
    const texts = pageTexts(defaultSettings);
    const seo = pageSeo(business, texts);
    expect(seo[paths.home].description).toBe(
      `Harbour Joinery designs and builds custom kitchens, bathrooms, wardrobes and living spaces across Melbourne. ${texts.highlights.join(', ')}. Free, detailed quotes.`,
    );
    expect(seo[paths.about].description).toBe(`Meet Harbour Joinery: ${texts.aboutIntro}`);
  });

  it('claim nothing the owner took out of the pages', () => {
    const seo = pageSeo(business, {
      highlights: ['Family owned since 2009', 'Licensed builders'],
      aboutIntro: 'Kitchens built in Preston',
    });
    expect(seo[paths.home].description).toContain('Family owned since 2009, Licensed builders.');
    expect(seo[paths.about].description).toBe('Meet Harbour Joinery: Kitchens built in Preston.');
    for (const page of [seo[paths.home], seo[paths.about]]) {
      expect(page.description).not.toMatch(/12 years|decade|5-year/);
    }
  });
});
