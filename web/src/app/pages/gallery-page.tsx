import { PageMeta } from '../../components/page-meta';
import { paths } from '../../config/paths';
import { pageSeo } from '../../config/seo';
import { Gallery } from '../../features/gallery/components/gallery';
import { useBusiness } from '../../lib/site-settings';

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
