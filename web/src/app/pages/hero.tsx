import { ActionButton } from '../../components/action-button';
import { Icon, iconPaths } from '../../components/icons';
import layout from '../../styles/layout.module.css';
import styles from './pages.module.css';

/** Home page hero. */
const keyPoints = [
  'Over 12 years of experience',
  'Quick and accurate quotes',
  'Fully custom designs',
  'Fast turnaround and transparent pricing',
  '5-year workmanship guarantee',
];

interface HeroProps {
  onFreeQuote: () => void;
  onStartProject: () => void;
  onPreloadQuote: () => void;
  onPreloadInquiry: () => void;
}

export function Hero({ onFreeQuote, onStartProject, onPreloadQuote, onPreloadInquiry }: HeroProps) {
  return (
    <section aria-labelledby="hero-heading" className={styles.hero}>
      <div className={layout.container}>
        <h1 id="hero-heading" className={styles.heroTitle}>
          Transform Your Kitchen &amp; Bathroom
        </h1>
        <p className={styles.heroLead}>Melbourne's luxury kitchen and bathroom experts</p>
        <ul className={styles.keyPoints}>
          {keyPoints.map((point) => (
            <li key={point} className={styles.keyPoint}>
              <Icon path={iconPaths.checkCircle} className={styles.check} />
              {point}
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          {/* A touch fires pointerenter before the tap, so the dialog's code starts loading at once. */}
          <ActionButton
            id="free-quote"
            type="button"
            tone="gold"
            onClick={onFreeQuote}
            onPointerEnter={onPreloadQuote}
            onFocus={onPreloadQuote}
          >
            Free Quote
          </ActionButton>
          <ActionButton
            id="start-project"
            type="button"
            tone="light-outline"
            onClick={onStartProject}
            onPointerEnter={onPreloadInquiry}
            onFocus={onPreloadInquiry}
          >
            Start Your Project
          </ActionButton>
        </div>
      </div>
    </section>
  );
}
