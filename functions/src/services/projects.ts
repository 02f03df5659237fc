import { slugify, toPublicProject, toPublicReview, type Project, type PublicProject, type PublicReview } from '@site/domain';
import type { Store } from '../ports/store';

/** More projects than a portfolio ever shows: every list reads them all in one page. */
export const projectsMax = 1000;

/** Every project, drafts too, in display order: the admin's list. */
export async function listAllProjects(store: Store): Promise<Project[]> {
  return (await store.projects.find({ orderBy: 'displayOrder', direction: 'asc', limit: projectsMax })).items;
}

/**
 * Projects as the public sees them, each with the review it links: read here, since a review
 * deleted after it was linked must not show (one read per review linked).
 */
async function toPublic(store: Store, projects: readonly Project[]): Promise<PublicProject[]> {
  const ids = new Set(projects.flatMap((project) => (project.reviewId ? [project.reviewId] : [])));
  const reviews = new Map<string, PublicReview>();
  await Promise.all(
    [...ids].map(async (id) => {
      const review = await store.reviews.get(id);
      if (review?.approved) reviews.set(id, toPublicReview(review));
    }),
  );
  return projects.map((project) => toPublicProject(project, project.reviewId ? reviews.get(project.reviewId) : undefined));
}

/** The published projects in display order, as the public sees them (no originals, no drafts), with their reviews. */
export async function listPublishedProjects(store: Store): Promise<PublicProject[]> {
  const page = await store.projects.find({ where: { published: true }, orderBy: 'displayOrder', direction: 'asc', limit: projectsMax });
  return toPublic(store, page.items);
}

/** A published project by its slug, with its review, or null (a draft is not found either). */
export async function findPublishedProject(store: Store, slug: string): Promise<PublicProject | null> {
  if (!/^[a-z0-9-]{1,100}$/.test(slug)) return null;
  const project = await store.projects.findOne({ slug, published: true });
  return project ? ((await toPublic(store, [project]))[0] ?? null) : null;
}

/** Words the projects API uses after `/api/projects/`: a project titled "All" is `all-2`. */
const reservedSlugs = new Set(['all', 'reorder']);

/** A slug from the title that no other project has: `hawthorn-kitchen`, then `hawthorn-kitchen-2`... */
export async function uniqueSlug(store: Store, title: string, ownId?: string): Promise<string> {
  const base = slugify(title);
  for (let n = reservedSlugs.has(base) ? 2 : 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const taken = await store.projects.findOne({ slug });
    if (!taken || taken.id === ownId) return slug;
  }
}
