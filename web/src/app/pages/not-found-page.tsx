import { Link as RouterLink } from 'react-router';
import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { pageSeo } from '#web/config/seo.ts';
import { useBusiness } from '#web/lib/site-settings.ts';
import layout from '#web/styles/layout.module.css';
import styles from './pages.module.css';

/** Any unknown path: 'Page Not Found' with a developer-style hint. */
export function NotFoundPage() {
  const seo = pageSeo(useBusiness()).notFound;
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} noindex />
      <div className={`${layout.small} ${styles.notFound}`}>
        <h1 className={styles.notFoundTitle}>Page Not Found</h1>
        <p className={styles.notFoundHint}>Did you forget to add the page to the router?</p>
        <RouterLink to={paths.home} className={styles.homeLink}>
          Back to the home page
        </RouterLink>
      </div>
    </>
  );
}
