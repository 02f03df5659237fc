import { limits, type Model3d, type PublicProject, type PublicReview } from '@site/domain';
import { api } from './api-client';
import { PublicList } from './public-list';

/**
 * The lists the public pages show, defined once: the pages read them, and whatever changes
 * them (the admin's approvals and model edits, a visitor's new review) refreshes them here,
 * so the change shows on the public page in the same visit.
 */

/** GET /api/reviews: the approved reviews, newest first. */
export const publicReviews = new PublicList(() => api.get<PublicReview[]>('/api/reviews'));

/** GET /api/3d-models: every model in display order (a showroom never holds more than a page). */
export const showroomModelsUrl = `/api/3d-models?limit=${limits.listMaxLimit}`;
export const showroomModels = new PublicList(() => api.get<Model3d[]>(showroomModelsUrl));

/** GET /api/projects: the published projects in display order (the gallery, the hero, each project's page). */
export const publicProjects = new PublicList(() => api.get<PublicProject[]>('/api/projects'));
