import type { BusinessSettings, PublicSettings } from '@site/domain';
import { socialLinks } from '../../components/site-footer';
import { openingHoursSpecification } from '../../lib/opening-hours';
import { absoluteUrl, useBusiness, useSiteSettings } from '../../lib/site-settings';

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

/** Rendered in the page body: a data block, which the site's script-src 'self' policy allows. */
export function BusinessJsonLd() {
  const json = JSON.stringify(businessJsonLd(useBusiness(), useSiteSettings().hours)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
