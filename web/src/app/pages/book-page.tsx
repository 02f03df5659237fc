import { bookingMessages } from '@site/domain';
import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { ActionLink } from '#web/components/action-button.tsx';
import { bookingEnabled } from '#web/lib/booking-enabled.ts';
import { absoluteUrl, useBusiness, useSiteSettings } from '#web/lib/site-settings.ts';
import layout from '#web/styles/layout.module.css';
import { BookingIsland } from '../islands/booking';
import { startLink } from '../islands/start-links';
import { Island } from '../islands/island';
import { PageHeader } from './page-header';
import styles from './pages.module.css';

/** The page's title, description and keywords: here rather than in config/seo.ts, so they load with the page alone. */
export const bookSeo = (business: { brand: string }) => ({
  title: 'Book a Free Site Measure',
  description: `Book a free measure of your kitchen, bathroom or wardrobe online: pick a real free time, get a calendar invite, and move or cancel it without a call. ${business.brand}, Melbourne.`,
  keywords: 'free measure, book a site measure, kitchen measure Melbourne, bathroom renovation measure, wardrobe measure',
});

/** The free measure as a schema.org Service a customer can reserve online, offered by the business. */
function BookingJsonLd() {
  const business = useBusiness();
  const json = import.meta.env.SSR
    ? JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: 'Free site measure',
        serviceType: 'Kitchen, bathroom and wardrobe site measure',
        provider: { '@type': 'HomeAndConstructionBusiness', name: business.brand, url: absoluteUrl('/'), telephone: business.phoneHref },
        areaServed: business.areaServed,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'AUD' },
        potentialAction: { '@type': 'ReserveAction', target: absoluteUrl(paths.book) },
      }).replace(/</g, '\\u003c')
    : '';
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}

/**
 * Book a free site measure. Prerendered, the page is HTML with one island, the booking form,
 * which starts at the first interaction with it; its first step is in the page's HTML.
 */
export function BookPage() {
  const business = useBusiness();
  const enabled = bookingEnabled(useSiteSettings());
  const seo = bookSeo(business);
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.book} />
      <BookingJsonLd />
      <PageHeader
        title="Book a Free Measure"
        intro="Pick a time that suits you and we come to measure your kitchen, bathroom or wardrobe, free, and talk through your ideas on the spot."
      />
      <div className={`${layout.container} ${styles.content}`}>
        {enabled ? (
          <Island name="booking" when="interaction">
            <BookingIsland />
          </Island>
        ) : (
          <div className={layout.small} style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
            <p>{bookingMessages.disabled}. Send us an inquiry and we will call you to find a time.</p>
            <ActionLink href={startLink('project', paths.book)} role="button" tone="dark" data-opens="inquiry">
              Send an inquiry
            </ActionLink>
          </div>
        )}
      </div>
    </>
  );
}
