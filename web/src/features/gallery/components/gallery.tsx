import { projectCategoryLabels, projectPath, type PublicProject } from '@site/domain';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { Reveal } from '#web/components/reveal.tsx';
import { galleryAspect, galleryItems, type GalleryItem } from '#web/config/gallery.ts';
import { publicProjects } from '#web/lib/public-lists.ts';
import { usePublicList } from '#web/lib/use-public-list.ts';
import layout from '#web/styles/layout.module.css';
import { ProjectPicture, srcsetOf } from '#web/components/project-picture.tsx';
import styles from './gallery.module.css';

/** Image widths the grid asks for: one column on small screens, two on medium, three on large. */
const sizes = '(min-width: 1200px) 370px, (min-width: 900px) 46vw, 92vw';
const intrinsic = { width: 1200, height: (1200 * galleryAspect.height) / galleryAspect.width };
const aspectRatio = `${galleryAspect.width} / ${galleryAspect.height}`;

function GalleryTile({ item, index }: { item: GalleryItem; index: number }) {
  return (
    <Reveal threshold={0.2} delay={0.1 * (index % 3)} component="li">
      {/* Focusable so keyboard users get the same category label as the mouse's hover. */}
      <figure tabIndex={0} className={styles.tile} style={{ aspectRatio }}>
        <picture>
          <source type="image/avif" srcSet={item.avifSrcSet} sizes={sizes} />
          <source type="image/webp" srcSet={item.webpSrcSet} sizes={sizes} />
          <img src={item.src} alt={item.alt} width={intrinsic.width} height={intrinsic.height} loading="lazy" decoding="async" />
        </picture>
        <figcaption className={styles.caption}>{item.category}</figcaption>
      </figure>
    </Reveal>
  );
}

/** A published project's cover, linking to its page; the label names the room and the project. */
function ProjectTile({ project, index }: { project: PublicProject; index: number }) {
  const cover = project.photos[project.coverIndex];
  return (
    <Reveal threshold={0.2} delay={0.1 * (index % 3)} component="li">
      <Link to={projectPath(project.slug)} className={styles.tileLink}>
        <figure className={styles.tile} style={{ aspectRatio }}>
          {cover ? <ProjectPicture photo={cover} sizes={sizes} /> : null}
          <figcaption className={styles.caption}>
            {projectCategoryLabels[project.category]}
            <span className={styles.tileTitle}>
              {' · '}
              {project.title}
            </span>
          </figcaption>
        </figure>
      </Link>
    </Reveal>
  );
}

interface GalleryProps {
  /** The home page shows a section heading (h2); the gallery page has its own h1. */
  headingLevel: 'h1' | 'h2';
}

/**
 * 'Our Recent Projects': the published projects' covers in a 1/2/3 column grid, each linking
 * to its page; while no project is published (or before the list is in), the 11 built-in
 * illustrations.
 */
export function Gallery({ headingLevel: Heading }: GalleryProps) {
  const projects = usePublicList(publicProjects);
  const published = projects.data?.filter((p) => p.photos.length > 0) ?? [];
  // On the gallery page the first picture is the largest thing in view: its request is in the
  // HTML's head, so it downloads with the page instead of after layout (the tiles stay lazy).
  const firstCover = published[0]?.photos[published[0].coverIndex];
  const first = galleryItems[0];
  if (Heading === 'h1' && firstCover) {
    const imageSrcSet = srcsetOf(firstCover, 'image/avif');
    preload(firstCover.src, { as: 'image', type: 'image/avif', imageSrcSet, imageSizes: sizes, fetchPriority: 'high' });
  } else if (Heading === 'h1' && first) {
    preload(first.src, { as: 'image', type: 'image/avif', imageSrcSet: first.avifSrcSet, imageSizes: sizes, fetchPriority: 'high' });
  }
  return (
    <section id="gallery" aria-labelledby="gallery-heading" className={layout.section}>
      <div className={layout.container}>
        <Reveal threshold={0.1} className={layout.sectionHead}>
          <Heading id="gallery-heading" className={layout.sectionTitle}>
            Our Recent Projects
          </Heading>
          <p className={layout.sectionIntro}>
            Explore our portfolio of stunning kitchen, bathroom, and wardrobe renovations across Melbourne
          </p>
        </Reveal>
        <ul className={styles.grid}>
          {published.length
            ? published.map((project, index) => <ProjectTile key={project.id} project={project} index={index} />)
            : galleryItems.map((item, index) => <GalleryTile key={item.name} item={item} index={index} />)}
        </ul>
      </div>
    </section>
  );
}
