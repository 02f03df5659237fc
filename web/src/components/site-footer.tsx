import type { BusinessSettings } from '@site/domain';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';
import { closureNotice, openingHoursLines, upcomingClosureNotice } from '../lib/opening-hours';
import { useBusiness, useMelbourneToday, useSiteSettings } from '../lib/site-settings';
import layout from '../styles/layout.module.css';
import { Icon, iconPaths } from './icons';
import { LogoMark } from './logo';
import styles from './site-footer.module.css';

interface SocialLink {
  name: string;
  href: string;
  icon: string;
}

/** The social buttons to show: only those whose address the owner supplied. */
export function socialLinks(settings: BusinessSettings): SocialLink[] {
  const all: { name: string; href: string | undefined; icon: string }[] = [
    { name: 'Instagram', href: settings.instagramUrl, icon: iconPaths.instagram },
    { name: 'Facebook', href: settings.facebookUrl, icon: iconPaths.facebook },
    { name: 'Pinterest', href: settings.pinterestUrl, icon: iconPaths.pinterest },
    { name: 'Houzz', href: settings.houzzUrl, icon: iconPaths.houzz },
    { name: 'Google Business', href: settings.googleBusinessUrl, icon: iconPaths.google },
  ];
  return all.filter((link): link is SocialLink => Boolean(link.href));
}

const footerLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.services, label: 'Services' },
  { to: paths.gallery, label: 'Gallery' },
  { to: paths.about, label: 'About Us' },
  { to: paths.showroom, label: 'Virtual Showroom' },
  { to: paths.privacy, label: 'Privacy' },
];

export function SiteFooter() {
  const business = useBusiness();
  const { hours } = useSiteSettings();
  const today = useMelbourneToday();
  // Closed today says until when; otherwise the next closure is announced up to 60 days ahead.
  const closed = closureNotice(today, hours) ?? upcomingClosureNotice(today, hours);
  const socials = socialLinks(business);
  const { address } = business;
  // Who the builder is in law: a customer checks a registration against the Victorian Building Authority's register.
  const identity = [
    ...(business.abn ? [`ABN ${business.abn}`] : []),
    ...(business.registrationNumber ? [`Builder registration ${business.registrationNumber}`] : []),
  ];
  return (
    <footer className={styles.footer}>
      <div className={`${layout.container} ${styles.columns}`}>
        <div>
          <div className={styles.brandRow}>
            <LogoMark size={36} />
            <p className={styles.brand}>{business.brand}</p>
          </div>
          <p className={styles.blurb}>
            Custom kitchens, bathrooms, wardrobes and living spaces, designed and built across {business.areaServed}.
          </p>
          {socials.length > 0 ? (
            <ul className={styles.socials}>
              {socials.map((social) => (
                <li key={social.name}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.name} (opens in a new tab)`}
                    className={styles.social}
                  >
                    <Icon path={social.icon} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <nav aria-label="Footer">
          <h2 className={styles.heading}>Explore</h2>
          <ul className={styles.links}>
            {footerLinks.map((link) => (
              <li key={link.to}>
                <RouterLink to={link.to} className={styles.link}>
                  {link.label}
                </RouterLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Contact</h2>
          <address className={styles.address}>
            <div>{address.street}</div>
            <div>
              {address.suburb} {address.state} {address.postcode}
            </div>
            <a href={`tel:${business.phoneHref}`} className={styles.link}>
              {business.phone}
            </a>
            <br />
            <a href={`mailto:${business.email}`} className={styles.link}>
              {business.email}
            </a>
          </address>
          <h2 className={`${styles.heading} ${styles.hoursHeading}`}>Opening hours</h2>
          {closed ? <p className={styles.closed}>{closed}</p> : null}
          <dl className={styles.hours}>
            {openingHoursLines(hours.weekly).map((line) => (
              <div key={line.days}>
                <dt>{line.days}</dt>
                <dd>{line.hours}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className={styles.legal}>
        <div className={layout.container}>
          <p className={styles.legalText}>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {business.brand}. All rights reserved.
            {identity.length > 0 ? <span className={styles.identity}>{identity.join(' · ')}</span> : null}
          </p>
        </div>
      </div>
    </footer>
  );
}
