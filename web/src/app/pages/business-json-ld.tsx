import type { BusinessSettings, PublicSettings } from '@site/domain';
import { socialLinks } from '#web/components/site-footer.tsx';
import { openingHoursSpecification } from '#web/lib/opening-hours.ts';
import { absoluteUrl, useBusiness, useSiteSettings } from '#web/lib/site-settings.ts';

/**
 * schema.org HomeAndConstructionBusiness built from the business settings. No aggregate
 * rating: search engines treat stars a business shows about itself as ineligible.
 */
export function businessJsonLd(business: BusinessSettings, hours: PublicSettings['hours']) {
  const { address } = business;
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    name: business.brand,
    ...(business.legalName ? { legalName: business.legalName } : {}),
    url: absoluteUrl('/'),
    logo: absoluteUrl('/icon-512.png'),
    image: absoluteUrl('/og-image.jpg'),
    telephone: business.phoneHref,
    email: business.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.suburb,
      addressRegion: address.state,
      postalCode: address.postcode,
      addressCountry: address.country,
    },
    areaServed: business.areaServed,
    openingHoursSpecification: openingHoursSpecification(hours),
    sameAs: socialLinks(business).map((link) => link.href),
  };
}

/**
 * Rendered in the page body: a data block, which the site's script-src 'self' policy allows.
 * Crawlers read it in the page's first HTML: the server renders it, and the browser's bundle
 * leaves the builder out (hydration keeps the server's text), as the project page does.
 */
export function BusinessJsonLd() {
  const business = useBusiness();
  const { hours } = useSiteSettings();
  const json = import.meta.env.SSR ? JSON.stringify(businessJsonLd(business, hours)).replace(/</g, '\\u003c') : '';
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
