import type { PublicProject } from '@site/domain';
import { publicProjects } from './public-lists';

/** The id of the JSON data block a server-rendered page carries (see entry-server.tsx). */
export const siteDataId = 'site-data';

/**
 * Starts the public lists with the data the server rendered the page with, so hydration
 * renders exactly the HTML that arrived, and the lists need no fetch.
 */
export function adoptSiteData(doc: Document = document) {
  const block = doc.getElementById(siteDataId);
  if (!block?.textContent) return;
  try {
    const data = JSON.parse(block.textContent) as { projects?: PublicProject[] };
    if (Array.isArray(data.projects)) publicProjects.seed(data.projects);
  } catch {
    // A damaged block: the lists fetch their data as on any other page.
  }
}
