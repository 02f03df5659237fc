import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { pageSeo } from '#web/config/seo.ts';
import { useBusiness, usePageTexts } from '#web/lib/site-settings.ts';
import layout from '#web/styles/layout.module.css';
import { PageHeader } from './page-header';
import styles from './pages.module.css';

const values = [
  {
    title: 'Designed around you',
    text: 'Every kitchen and bathroom starts with a conversation at your place: how you cook, who shares the bathroom in the morning rush, where the school bags end up. The design follows from that, not from a catalogue.',
  },
  {
    title: 'Made to measure',
    text: 'Our cabinetry is built to the millimetre for your walls, so there are no filler panels hiding awkward gaps and every drawer uses the space it has.',
  },
  {
    title: 'One team, start to finish',
    text: 'A single project manager coordinates design, demolition, licensed plumbing and electrical work, tiling, stone and installation, and keeps you updated at every step.',
  },
  {
    title: 'Honest pricing',
    text: 'Quotes are itemised and transparent, with no surprises halfway through. What we quote is what we build.',
  },
];

/** The owner's intro and story (the settings' texts, the story's paragraphs split on blank lines), then how we work. */
export function AboutPage() {
  const business = useBusiness();
  const texts = usePageTexts();
  const seo = pageSeo(business, texts)[paths.about];
  const story = texts.aboutStory
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.about} />
      <PageHeader title={`About ${business.brand}`} intro={texts.aboutIntro} />
      <div className={`${layout.narrow} ${styles.content}`}>
        {story.map((paragraph, index) => (
          <p key={index} className={index === story.length - 1 ? styles.leadLast : styles.lead}>
            {paragraph}
          </p>
        ))}
        <h2 className={styles.h2}>How we work</h2>
        <ul className={styles.values}>
          {values.map((value) => (
            <li key={value.title} className={layout.card}>
              <h3 className={styles.valueTitle}>{value.title}</h3>
              <p className={layout.muted}>{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
