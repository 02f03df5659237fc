/**
 * The portfolio: projects the business has finished, each with photos processed on the
 * server into AVIF and WebP at several widths. The categories, the stored and public shapes
 * and the public view, without zod: the public pages import these, and a module whose
 * top-level calls build schemas would ride along in their first download (the bundler keeps a
 * call it cannot prove free of side effects). The limits, messages and schemas, which only the
 * admin and the server use, are in projects.ts: whatever this module holds that any code uses
 * is downloaded with the public pages.
 */
import type { PublicReview } from './records';

export const projectCategories = ['kitchen', 'bathroom', 'wardrobe', 'entertainment', 'laundry', 'study', 'outdoor'] as const;
export type ProjectCategory = (typeof projectCategories)[number];
export const projectCategoryLabels: Readonly<Record<ProjectCategory, string>> = {
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  wardrobe: 'Wardrobe',
  entertainment: 'Entertainment',
  laundry: 'Laundry',
  study: 'Study',
  outdoor: 'Outdoor',
};

export interface PhotoSource {
  type: 'image/avif' | 'image/webp';
  /** `url 480w, url 800w, ...` */
  srcset: string;
}

/** A processed photo as the public pages get it. Width and height 0 while it is being processed. */
export interface PublicPhoto {
  alt: string;
  width: number;
  height: number;
  /** A tiny blurred image as a `data:` URL, shown until the photo loads. */
  placeholder: string;
  /** The fallback for browsers without `<source>` support: a WebP of a middle width. */
  src: string;
  sources: PhotoSource[];
}

/** A photo as stored and as admins see it: `url` is the uploaded original, never served publicly. */
export interface ProjectPhoto extends PublicPhoto {
  url: string;
}

export interface Project {
  id: string;
  /** From the title, unique: `/projects/{slug}`. */
  slug: string;
  title: string;
  category: ProjectCategory;
  suburb: string;
  summary: string;
  photos: ProjectPhoto[];
  /** The url of the cover photo, one of `photos`. */
  cover: string;
  before?: ProjectPhoto;
  after?: ProjectPhoto;
  modelId?: string;
  reviewId?: string;
  published: boolean;
  featured: boolean;
  displayOrder: number;
  /** True while photos are still being processed after the answer; false once every photo is ready. */
  processing: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What `GET /api/projects` gives the public: no originals. */
export interface PublicProject extends Omit<Project, 'photos' | 'before' | 'after' | 'cover' | 'published' | 'processing'> {
  photos: PublicPhoto[];
  /** Index of the cover in `photos`. */
  coverIndex: number;
  before?: PublicPhoto;
  after?: PublicPhoto;
  /** The approved review `reviewId` links, as the reviews list shows it; absent once deleted. */
  review?: PublicReview;
}

const publicPhoto = ({ alt, width, height, placeholder, src, sources }: ProjectPhoto): PublicPhoto => ({
  alt,
  width,
  height,
  placeholder,
  src,
  sources,
});
const ready = (photo: ProjectPhoto) => photo.width > 0;

/**
 * The public view of a project: only photos that are ready, without the originals' URLs, and
 * the review it links when that is still there and approved (the caller reads it).
 */
export function toPublicProject(project: Project, review?: PublicReview): PublicProject {
  const { photos, before, after, cover, published: _published, processing: _processing, ...rest } = project;
  const shown = photos.filter(ready);
  const coverIndex = Math.max(
    0,
    shown.findIndex((p) => p.url === cover),
  );
  return {
    ...rest,
    photos: shown.map(publicPhoto),
    coverIndex,
    ...(before && after && ready(before) && ready(after) ? { before: publicPhoto(before), after: publicPhoto(after) } : {}),
    ...(review ? { review } : {}),
  };
}

/** A URL path segment from a title: `Hawthorn Kitchen!` → `hawthorn-kitchen`. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'project';
}

export const projectPath = (slug: string) => `/projects/${slug}`;
