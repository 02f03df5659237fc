import { absoluteUrl, useBusiness } from '../lib/site-settings';

export interface PageMetaProps {
  /** The page's own name: the document and social-sharing title read "{title} | {business}". */
  title: string;
  /** The meta description; also the social-sharing description. */
  description: string;
  keywords: string;
  /** The page's path, for its canonical address and og:url. Leave out on pages not indexed. */
  path?: string;
  /** Login and admin pages. */
  noindex?: boolean;
  /** The picture shown when the page is shared (absolute URL); the site's own by default. */
  image?: string;
  /** Open Graph type: `website`, or `article` for a project's page. */
  type?: 'website' | 'article';
}

/**
 * The title, description, keywords and sharing tags of one page.
 *
 * React 19 hoists <title>, <meta> and <link> into the document head wherever they render, and
 * removes them when the page unmounts; prerendering writes the same tags into the HTML, and
 * hydration adopts them. Render exactly one <PageMeta> per page.
 */
export function PageMeta({ title, description, keywords, path, noindex = false, image, type = 'website' }: PageMetaProps) {
  const business = useBusiness();
  const url = path === undefined ? undefined : absoluteUrl(path);
  // Every page, public or staff, ends its title with the business's name, so a tab or a search result says whose site it is.
  const fullTitle = `${title} | ${business.brand}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords} />
      {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={business.brand} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:locale" content="en_AU" />
      {url ? <meta property="og:url" content={url} /> : null}
      {noindex ? null : <meta property="og:image" content={image ?? absoluteUrl('/og-image.jpg')} />}
      {noindex ? null : <meta name="twitter:card" content="summary_large_image" />}
      {url ? <link rel="canonical" href={url} /> : null}
    </>
  );
}
