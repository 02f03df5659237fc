import { business } from './business';

/** The site's public address, without a trailing slash: VITE_SITE_URL at build time, else the business settings'. */
export const siteUrl = ((import.meta.env.VITE_SITE_URL as string | undefined) || business.siteUrl).replace(/\/+$/, '');
