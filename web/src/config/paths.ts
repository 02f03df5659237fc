/** Every route of the site is defined once, in the domain, for the web app and the server. */
export { paths, publicPaths, routeOf, sitePaths } from '@site/domain';
