import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { pageSeo } from '#web/config/seo.ts';
import { Gallery } from '#web/features/gallery/components/gallery.tsx';
import { useBusiness } from '#web/lib/site-settings.ts';

/** Gallery page: a heading plus the gallery. */
export function GalleryPage() {
  const seo = pageSeo(useBusiness())[paths.gallery];
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.gallery} />
      <Gallery headingLevel="h1" />
    </>
  );
}
