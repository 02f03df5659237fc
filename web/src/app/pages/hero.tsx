import type { PublicProject } from '@site/domain';
import { preload } from 'react-dom';
import { ActionLink } from '#web/components/action-button.tsx';
import { Icon, iconPaths } from '#web/components/icons.tsx';
import { ProjectPicture, srcsetOf } from '#web/components/project-picture.tsx';
import { publicProjects } from '#web/lib/public-lists.ts';
import { paths } from '#web/config/paths.ts';
import { startLink } from '../islands/start-links';
import { bookingEnabled } from '#web/lib/booking-enabled.ts';
import { usePageTexts, useSiteSettings } from '#web/lib/site-settings.ts';
import { usePublicList } from '#web/lib/use-public-list.ts';
import layout from '#web/styles/layout.module.css';
import styles from './pages.module.css';

/** The hero fills the screen's width: the photo is asked for at that width. */
const heroSizes = '100vw';

/** The first featured project with photos: its cover is the hero's photo. */
const heroProject = (projects: readonly PublicProject[] | undefined) =>
  projects?.find((project) => project.featured && project.photos[project.coverIndex]);

/** Home page hero: the headline, intro and highlights are the owner's page texts. */
export function Hero() {
  const projects = usePublicList(publicProjects);
  const texts = usePageTexts();
  const canBook = bookingEnabled(useSiteSettings());
  const featured = heroProject(projects.data);
  const cover = featured?.photos[featured.coverIndex];
  // The largest thing in view when the page opens: its request goes in the HTML's head.
  if (cover) {
    preload(cover.src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcsetOf(cover, 'image/avif'),
      imageSizes: heroSizes,
      fetchPriority: 'high',
    });
  }
  return (
    <section aria-labelledby="hero-heading" className={cover ? `${styles.hero} ${styles.heroWithPhoto}` : styles.hero}>
      {cover ? (
        <div className={styles.heroPhoto}>
          <ProjectPicture photo={cover} sizes={heroSizes} priority />
        </div>
      ) : null}
      <div className={`${layout.container} ${styles.heroContent}`}>
        <div className={styles.heroText}>
          <h1 id="hero-heading" className={styles.heroTitle}>
            {texts.heroHeadline}
          </h1>
          <p className={styles.heroLead}>{texts.heroIntro}</p>
          <ul className={styles.keyPoints}>
            {texts.highlights.map((point) => (
              <li key={point} className={styles.keyPoint}>
                <Icon path={iconPaths.checkCircle} className={styles.check} />
                {point}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            {/*
              Islands opened by the page's first script (app/islands/openers.ts), from the first tap. Links
              that act as buttons: a tap before any script loads the home page asking for the dialog.
            */}
            <ActionLink id="free-quote" href={startLink('quote')} role="button" tone="gold" data-opens="quote">
              Free Quote
            </ActionLink>
            <ActionLink id="start-project" href={startLink('project')} role="button" tone="light-outline" data-opens="inquiry">
              Start Your Project
            </ActionLink>
            {canBook ? (
              <ActionLink href={paths.book} tone="light-outline">
                Book a free measure
              </ActionLink>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
