import { useEffect, useId, useRef } from 'react';
import { enhanceMenu } from '../lib/menu';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../config/paths';
import layout from '../styles/layout.module.css';
import { Icon, iconPaths } from './icons';
import { useBusiness, useSiteSettings } from '../lib/site-settings';
import { LogoMark } from './logo';
import styles from './site-header.module.css';

/** The pages behind the menu button on a phone, in the order of the footer. */
const pageLinks = [
  { to: paths.services, label: 'Services' },
  { to: paths.gallery, label: 'Gallery' },
  { to: paths.about, label: 'About' },
] as const;

/**
 * The fixed header of every public page: the business's logo and name, Services, Gallery,
 * About, the 'Virtual Showroom' link and the phone link. The showroom link stays in the bar at
 * every width (on two lines on a phone); the name takes what room is left (two lines at most,
 * then an ellipsis, and below 360 px the site's own mark gives it its room), so the showroom,
 * the phone and the menu button always fit, side by side, from 320 px up.
 * Below 900 px Services, Gallery and About sit behind a menu button; the panel closes with
 * Escape, a tap outside it, or by following a link.
 */
export function SiteHeader() {
  const business = useBusiness();
  const { logo } = useSiteSettings().images;
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // The menu works without React (lib/menu.ts), as it does on a prerendered page; following a
  // link inside the app closes it.
  useEffect(() => (button.current ? enhanceMenu(button.current) : undefined), [pathname]);

  return (
    <header className={styles.header}>
      <div className={`${layout.container} ${styles.bar}`}>
        <RouterLink to={paths.home} aria-label={`${business.brand}, home`} className={styles.home}>
          {/* The business's uploaded logo (at most 640 × 160, shown 40 px high), else the site's own mark. */}
          {logo ? <img src={logo} alt="" height={40} className={styles.logo} /> : <LogoMark />}
          <span className={logo ? styles.brandBesideLogo : styles.brand}>{business.brand}</span>
        </RouterLink>
        <nav aria-label="Main" className={styles.nav}>
          <div id={menuId} className={styles.pages} data-open-class={styles.pagesOpen}>
            {pageLinks.map((link) => (
              <RouterLink key={link.to} to={link.to} className={styles.pageLink} aria-current={pathname === link.to ? 'page' : undefined}>
                {link.label}
              </RouterLink>
            ))}
          </div>
          <RouterLink to={paths.showroom} className={styles.showroomLink} aria-current={pathname === paths.showroom ? 'page' : undefined}>
            Virtual Showroom
          </RouterLink>
          {/* Its name says what it does when only the icon shows. */}
          <a href={`tel:${business.phoneHref}`} className={styles.phone} aria-label={`Call ${business.phone}`}>
            <Icon path={iconPaths.phone} className={styles.icon} size={20} />
            <span className={styles.phoneNumber}>{business.phone}</span>
          </a>
          <button
            ref={button}
            type="button"
            className={styles.menuButton}
            aria-expanded={false}
            aria-controls={menuId}
            aria-label="Menu"
            data-icon-open={iconPaths.close}
            data-icon-closed={iconPaths.menu}
          >
            <Icon path={iconPaths.menu} className={styles.icon} size={24} />
          </button>
        </nav>
      </div>
    </header>
  );
}
