import { projectCategoryLabels, projectPath, type PublicPhoto, type PublicProject } from '@site/domain';
import { Link, useParams } from 'react-router';
import { Icon, iconPaths } from '#web/components/icons.tsx';
import { ProjectPicture } from '#web/components/project-picture.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { NotFoundPage } from './not-found-page';
import { publicProjects } from '#web/lib/public-lists.ts';
import { absoluteUrl, useBusiness } from '#web/lib/site-settings.ts';
import { usePublicList } from '#web/lib/use-public-list.ts';
import layout from '#web/styles/layout.module.css';
import { BeforeAfter } from '#web/features/projects/components/before-after.tsx';
import { ReviewCard } from '#web/features/reviews/components/review-card.tsx';
import styles from './project-page.module.css';

// The lightbox's code comes with the first tap on a photo, never with the page.
/** Two columns from 900 px, one below. */
const photoSizes = '(min-width: 1200px) 560px, (min-width: 900px) 46vw, 92vw';
const heroSizes = '(min-width: 1200px) 1140px, 96vw';

const absolute = (src: string) => (src.startsWith('/') ? absoluteUrl(src) : src);

/** The largest WebP the server made of a photo: what a link preview shows. */
function largestWebp(photo: PublicPhoto): string {
  const webp = photo.sources
    .find((s) => s.type === 'image/webp')
    ?.srcset.split(', ')
    .pop()
    ?.split(' ')[0];
  return absolute(webp ?? photo.src);
}

function describe(project: PublicProject): string {
  const text = project.summary.replace(/\s+/g, ' ').trim();
  return text.length > 155 ? `${text.slice(0, 152).replace(/\s+\S*$/, '')}...` : text;
}

function projectJsonLd(project: PublicProject, brand: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: project.title,
    description: project.summary,
    url: absoluteUrl(projectPath(project.slug)),
    genre: `${projectCategoryLabels[project.category]} renovation`,
    ...(project.suburb ? { locationCreated: { '@type': 'Place', name: `${project.suburb}, VIC` } } : {}),
    dateCreated: project.createdAt.slice(0, 10),
    image: project.photos.map((photo) => ({
      '@type': 'ImageObject',
      contentUrl: largestWebp(photo),
      caption: photo.alt,
      width: photo.width,
      height: photo.height,
    })),
    creator: { '@type': 'HomeAndConstructionBusiness', name: brand, url: absoluteUrl('/') },
  };
}

function ProjectView({ project }: { project: PublicProject }) {
  const business = useBusiness();
  const cover = project.photos[project.coverIndex] ?? project.photos[0];
  const others = project.photos.map((photo, index) => ({ photo, index })).filter(({ index }) => index !== project.coverIndex);
  const place = [projectCategoryLabels[project.category], project.suburb].filter(Boolean).join(' · ');
  // Structured data is for crawlers, which read the page's first HTML: the server renders it,
  // and the browser's bundle leaves the builder out (hydration keeps the server's text).
  const json = import.meta.env.SSR ? JSON.stringify(projectJsonLd(project, business.brand)).replace(/</g, '\\u003c') : '';

  return (
    <>
      <PageMeta
        title={project.title}
        description={describe(project)}
        keywords={`${projectCategoryLabels[project.category].toLowerCase()} renovation ${project.suburb}, Melbourne, ${business.brand}`}
        path={projectPath(project.slug)}
        image={cover ? largestWebp(cover) : undefined}
        type="article"
      />
      <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
      {/* Its photo buttons open the lightbox island (app/islands/lightbox.tsx) with this project's photos. */}
      <article className={`${layout.container} ${styles.page}`} data-project-slug={project.slug}>
        <Link to={paths.gallery} className={styles.back}>
          <Icon path={iconPaths.arrowBack} size={20} />
          All projects
        </Link>
        <header className={styles.head}>
          <p className={styles.place}>{place}</p>
          <h1 className={styles.title}>{project.title}</h1>
        </header>
        {cover ? (
          <button type="button" className={styles.photoButton} data-opens="lightbox" data-photo-index={project.coverIndex}>
            <ProjectPicture photo={cover} sizes={heroSizes} className={styles.cover} priority />
            <span className={styles.hidden}>
              Open photo {project.coverIndex + 1} of {project.photos.length}
            </span>
          </button>
        ) : null}
        <div className={styles.body}>
          <div className={styles.summary}>
            {project.summary.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <div className={styles.actions}>
            <Link to="/#start-project" className={styles.primary}>
              Start Your Project
            </Link>
            <Link to="/#free-quote" className={styles.secondary}>
              Free Quote
            </Link>
            {project.modelId ? (
              <Link to={`${paths.showroom}?model=${encodeURIComponent(project.modelId)}`} className={styles.secondary}>
                View in 3D
              </Link>
            ) : null}
          </div>
        </div>
        {project.review ? (
          <section aria-labelledby="review-heading" className={styles.section}>
            <h2 id="review-heading" className={styles.sectionTitle}>
              What the client said
            </h2>
            <div className={styles.review}>
              <ReviewCard review={project.review} />
            </div>
          </section>
        ) : null}
        {project.before && project.after ? (
          <section aria-labelledby="before-after-heading" className={styles.section}>
            <h2 id="before-after-heading" className={styles.sectionTitle}>
              Before and after
            </h2>
            <BeforeAfter before={project.before} after={project.after} sizes={heroSizes} />
          </section>
        ) : null}
        {others.length ? (
          <section aria-labelledby="photos-heading" className={styles.section}>
            <h2 id="photos-heading" className={styles.sectionTitle}>
              Photos
            </h2>
            <ul className={styles.photos}>
              {others.map(({ photo, index }) => (
                <li key={index}>
                  <button type="button" className={styles.photoButton} data-opens="lightbox" data-photo-index={index}>
                    <ProjectPicture photo={photo} sizes={photoSizes} className={styles.photo} />
                    <span className={styles.hidden}>
                      Open photo {index + 1} of {project.photos.length}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </>
  );
}

/** /projects/{slug}: one published project, from the list the page came with or fetched. */
export default function ProjectPage() {
  const { slug } = useParams();
  const projects = usePublicList(publicProjects);
  const project = projects.data?.find((p) => p.slug === slug);
  if (project) return <ProjectView project={project} />;
  if (projects.status === 'success') return <NotFoundPage />;
  if (projects.status === 'error') {
    return (
      <div role="alert" className={`${layout.container} ${styles.page}`}>
        <p>Sorry, this project could not be loaded.</p>
        <button type="button" className={styles.secondary} onClick={() => void publicProjects.retry()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className={`${layout.container} ${styles.page}`} role="status">
      <p>Loading the project...</p>
    </div>
  );
}
