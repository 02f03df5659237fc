import layout from '#web/styles/layout.module.css';
import styles from './pages.module.css';

/** The dark title band at the top of the inner pages. */
export function PageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <div className={styles.band}>
      <div className={layout.container}>
        <h1 className={styles.bandTitle}>{title}</h1>
        <p className={styles.bandIntro}>{intro}</p>
      </div>
    </div>
  );
}
