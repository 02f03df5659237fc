import type { Model3d, PageTexts, PublicProject, PublicSettings } from '@site/domain';
import { publicProjects, showroomModels } from './public-lists';
import { seedReviewLink, type ReviewLinkState } from './review-link';
import { siteSettings } from './site-settings';

/** The id of the JSON data block a server-rendered page carries (see entry-server.tsx). */
export const siteDataId = 'site-data';

/** What a server-rendered page's data block holds. */
export interface SiteDataBlock {
  projects?: PublicProject[];
  /** The showroom's models (its page only). */
  models?: Model3d[];
  /** What the server found of a review link (its page only). */
  reviewLink?: ReviewLinkState;
  /** The business settings the page was rendered with, and the Melbourne date it was rendered on. */
  settings?: PublicSettings;
  today?: string;
  /** The hero, about and service texts, resolved by the server (each the owner's or its default). */
  texts?: PageTexts;
}

const adopted = new WeakSet<Document>();

/**
 * Starts the public lists and the settings with the data the server rendered the page with,
 * so hydration renders exactly the HTML that arrived, and they need no fetch.
 */
export function adoptSiteData(doc: Document = document) {
  // Each island of a page calls this as it starts: the data is adopted once.
  if (adopted.has(doc)) return;
  adopted.add(doc);
  const block = doc.getElementById(siteDataId);
  if (!block?.textContent) return;
  try {
    const data = JSON.parse(block.textContent) as SiteDataBlock;
    if (Array.isArray(data.projects)) publicProjects.seed(data.projects);
    if (Array.isArray(data.models)) showroomModels.seed(data.models);
    if (data.reviewLink && typeof data.reviewLink === 'object') seedReviewLink(data.reviewLink);
    if (data.settings && typeof data.settings === 'object') siteSettings.seed(data.settings, data.today);
    if (data.texts && typeof data.texts === 'object') siteSettings.seedTexts(data.texts);
  } catch {
    // A damaged block: the lists fetch their data as on any other page, the settings are the defaults.
  }
}
