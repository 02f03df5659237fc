import { isExampleAddress, isExamplePhone, type BusinessSettings } from '@site/domain';

/**
 * Finds the example values the business settings ship with (business.ts), so that a site
 * about to go live with them can stop, or say so, before visitors and search engines see
 * them: a sitemap listing example.com, a footer email nobody reads, an unreachable phone.
 * Plain functions of the settings: the deploy script, the web build and the server use them.
 */

export interface Placeholder {
  /** The setting, as named where it is set: `email`, `address.street`, `SITE_URL`... */
  setting: string;
  value: string;
  /** Where to set the real value. */
  setIn: string;
}

export const businessFile = 'web/src/config/business.ts';

/** A street address still holding the word "Example", as the shipped one does. */
const exampleText = /\bexample\b/i;

/**
 * The settings that still hold example values. `siteUrls` are the site's address as the
 * caller uses it, with where each is set: the business settings' by default, but a build or
 * a server may take it from an environment variable instead.
 */
export function findPlaceholders(
  settings: BusinessSettings,
  siteUrls: readonly Placeholder[] = [{ setting: 'siteUrl', value: settings.siteUrl, setIn: businessFile }],
): Placeholder[] {
  const found: Placeholder[] = [];
  const check = (setting: string, value: string | undefined, isExample: (value: string) => boolean, setIn = businessFile) => {
    if (value !== undefined && isExample(value)) found.push({ setting, value, setIn });
  };
  for (const siteUrl of siteUrls) check(siteUrl.setting, siteUrl.value, isExampleAddress, siteUrl.setIn);
  check('email', settings.email, isExampleAddress);
  check('phone', settings.phone, () => isExamplePhone(settings.phoneHref), `${businessFile} (phone and phoneHref)`);
  check('address.street', settings.address.street, (street) => exampleText.test(street));
  for (const key of ['instagramUrl', 'facebookUrl', 'pinterestUrl', 'googleBusinessUrl'] as const)
    check(key, settings[key], isExampleAddress);
  return found;
}

/** One line per placeholder: what it is, its value, and where to set the real one. */
export function describePlaceholders(placeholders: readonly Placeholder[]): string[] {
  return placeholders.map((p) => `${p.setting} is still the example "${p.value}": set it in ${p.setIn}`);
}

/**
 * Why a web build must stop, or undefined. A build for Firebase Hosting (not for the
 * emulators) is a build to deploy: its robots.txt and sitemap.xml must not send search
 * engines to an example address. The embedded server's build only warns, at start.
 */
export function deployBuildProblem(siteUrl: string, env: Record<string, string | undefined>): string | undefined {
  const deployBuild = env.VITE_BACKEND === 'firebase' && env.VITE_FIREBASE_EMULATORS !== 'true';
  if (!deployBuild || !isExampleAddress(siteUrl)) return undefined;
  return `The site's address is still the example ${siteUrl}, which robots.txt and sitemap.xml would list: set VITE_SITE_URL (web/.env.production) or siteUrl in ${businessFile} before building to deploy.`;
}
