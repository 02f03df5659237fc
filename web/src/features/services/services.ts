import { usePageTexts } from '#web/lib/site-settings.ts';

/**
 * The seven services, in the order the site shows them (the domain's `serviceKeys`, each key
 * also the service's anchor on the services page), with their title, summary and description:
 * the owner's from the settings, or the specification's.
 */
export const useServices = () => usePageTexts().services;
