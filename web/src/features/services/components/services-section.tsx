import { Link as RouterLink } from 'react-router';
import { paths } from '#web/config/paths.ts';
import layout from '#web/styles/layout.module.css';
import { useServices } from '../services';
import styles from './services-section.module.css';

/** The home page's services section: the seven services in brief, leading to the services page. */
export function ServicesSection() {
  const services = useServices();
  return (
    <section aria-labelledby="services-heading" className={`${layout.section} ${styles.section}`}>
      <div className={layout.container}>
        <div className={layout.sectionHead}>
          <h2 id="services-heading" className={layout.sectionTitle}>
            Our Services
          </h2>
          <p className={layout.sectionIntro}>Design, joinery and installation under one roof, for every room of the home.</p>
        </div>
        <ul className={styles.grid}>
          {services.map((service) => (
            <li key={service.key} className={styles.item}>
              <h3 className={styles.title}>{service.title}</h3>
              <p className={layout.muted}>{service.summary}</p>
            </li>
          ))}
          <li className={styles.more}>
            <RouterLink to={paths.services}>See all our services in detail</RouterLink>
          </li>
        </ul>
      </div>
    </section>
  );
}
