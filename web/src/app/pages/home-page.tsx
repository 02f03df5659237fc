import { useEffect } from 'react';
import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { pageSeo } from '#web/config/seo.ts';
import { Gallery } from '#web/features/gallery/components/gallery.tsx';
import { useBusiness, usePageTexts } from '#web/lib/site-settings.ts';
import { ServicesSection } from '#web/features/services/components/services-section.tsx';
import { Island } from '../islands/island';
import { openFromAddress } from '../islands/openers';
import { ReviewsIsland } from '../islands/reviews';
import { BusinessJsonLd } from './business-json-ld';
import { Hero } from './hero';

/**
 * The home page. Prerendered, it is HTML with two islands: the lead dialogs its hero's buttons
 * open, and the reviews (app/islands).
 */
export function HomePage() {
  // The address's hash (or a wizard left half-filled) opens a dialog. A prerendered page's
  // first script does this itself; this is for the home page the app renders.
  useEffect(openFromAddress, []);

  const seo = pageSeo(useBusiness(), usePageTexts())[paths.home];
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.home} />
      <BusinessJsonLd />
      <Hero />
      <ServicesSection />
      <Gallery headingLevel="h2" />
      <Island name="reviews" when="visible">
        <ReviewsIsland />
      </Island>
    </>
  );
}
