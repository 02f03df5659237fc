import { Link as RouterLink } from 'react-router';
import { business } from '../config/business';
import { paths } from '../config/paths';
import layout from '../styles/layout.module.css';
import { Icon, iconPaths } from './icons';
import { LogoMark } from './logo';
import styles from './site-header.module.css';

/** The fixed header of every public page: logo, the showroom link and the phone link. */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={`${layout.container} ${styles.bar}`}>
        <RouterLink to={paths.home} aria-label={`${business.brand}, home`} className={styles.home}>
          <LogoMark />
          <span className={styles.brand}>{business.brand}</span>
        </RouterLink>
        <nav aria-label="Main" className={styles.nav}>
          <RouterLink to={paths.showroom} className={styles.link}>
            Virtual Showroom
          </RouterLink>
          <a href={`tel:${business.phoneHref}`} className={styles.phone}>
            <Icon path={iconPaths.phone} className={styles.icon} size={20} />
            {business.phone}
          </a>
        </nav>
      </div>
    </header>
  );
}
