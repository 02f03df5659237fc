import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../config/paths';
import layout from '../styles/layout.module.css';
import { Icon, iconPaths } from './icons';
import { useBusiness, useSiteSettings } from '../lib/site-settings';
import { LogoMark } from './logo';
import styles from './site-header.module.css';

/** The pages the header links to besides the showroom, in the order of the footer. */
const pageLinks = [
  { to: paths.services, label: 'Services' },
  { to: paths.gallery, label: 'Gallery' },
  { to: paths.about, label: 'About' },
] as const;

/**
 * The fixed header of every public page: logo, Services, Gallery, About, the showroom link and
 * the phone link. On a phone Services, Gallery and About sit behind a menu button; the panel
 * closes with Escape, a tap outside it, or by following a link.
 */
export function SiteHeader() {
  const business = useBusiness();
  const { logo } = useSiteSettings().images;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // Following a link closes the menu.
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <header className={styles.header}>
      <div className={`${layout.container} ${styles.bar}`}>
        <RouterLink to={paths.home} aria-label={`${business.brand}, home`} className={styles.home}>
          {/* The business's uploaded logo (at most 640 × 160, shown 40 px high), else the site's own mark. */}
          {logo ? <img src={logo} alt="" height={40} className={styles.logo} /> : <LogoMark />}
          <span className={styles.brand}>{business.brand}</span>
        </RouterLink>
        <nav aria-label="Main" className={styles.nav}>
          <div id={menuId} ref={panel} className={`${styles.pages} ${open ? styles.pagesOpen : ''}`}>
            {pageLinks.map((link) => (
              <RouterLink key={link.to} to={link.to} className={styles.pageLink} aria-current={pathname === link.to ? 'page' : undefined}>
                {link.label}
              </RouterLink>
            ))}
          </div>
          <RouterLink to={paths.showroom} className={styles.link}>
            Virtual Showroom
          </RouterLink>
          <a href={`tel:${business.phoneHref}`} className={styles.phone}>
            <Icon path={iconPaths.phone} className={styles.icon} size={20} />
            <span className={styles.phoneNumber}>{business.phone}</span>
          </a>
          <button
            ref={button}
            type="button"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setOpen((current) => !current)}
          >
            <Icon path={open ? iconPaths.close : iconPaths.menu} className={styles.icon} size={24} />
          </button>
        </nav>
      </div>
    </header>
  );
}
