import { ActionLink } from '#web/components/action-button.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { pageSeo } from '#web/config/seo.ts';
import { useServices } from '#web/features/services/services.ts';
import { bookingEnabled } from '#web/lib/booking-enabled.ts';
import { useBusiness, useSiteSettings } from '#web/lib/site-settings.ts';
import layout from '#web/styles/layout.module.css';
import { PageHeader } from './page-header';
import styles from './pages.module.css';

/** Services page: an intro and the seven services with their descriptions. */
export function ServicesPage() {
  const seo = pageSeo(useBusiness())[paths.services];
  const services = useServices();
  const canBook = bookingEnabled(useSiteSettings());
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.services} />
      <PageHeader
        title="Our Services"
        intro="From a single wardrobe to a whole-home renovation, we design, build and install custom cabinetry and complete renovations across Melbourne."
      />
      <div className={`${layout.container} ${styles.content}`}>
        <ol className={styles.services}>
          {services.map((service, index) => (
            <li key={service.key} id={service.key} className={styles.service}>
              <h2 className={styles.serviceTitle}>
                <span className={styles.serviceNumber} aria-hidden="true">
                  {index + 1}.
                </span>
                {service.title}
              </h2>
              <p className={styles.serviceSummary}>{service.summary}</p>
              <p className={layout.muted}>{service.description}</p>
            </li>
          ))}
        </ol>
        {canBook ? (
          <div className={styles.bookMeasure}>
            <p className={styles.serviceSummary}>
              Start with a free measure: pick a free time online and we come to measure your kitchen, bathroom or wardrobe.
            </p>
            <ActionLink href={paths.book} tone="dark">
              Book a free measure
            </ActionLink>
          </div>
        ) : null}
      </div>
    </>
  );
}
