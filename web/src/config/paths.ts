/** Every route of the site, defined once. */
export const paths = {
  home: '/',
  about: '/about',
  services: '/services',
  gallery: '/gallery',
  showroom: '/virtual-showroom',
  login: '/login',
  admin: '/admin',
} as const;

/** Public routes: prerendered, listed in the sitemap, and recorded as visits. */
export const publicPaths = [paths.home, paths.about, paths.services, paths.gallery, paths.showroom] as const;
