import type { Project, ProjectCategory, ProjectPhoto } from '@site/domain';
import { newId } from '../ids';
import type { ObjectStore } from '../ports/object-store';
import type { Store, StoredObjectRecord } from '../ports/store';
import { Photos } from '../services/photos';
import { uniqueSlug } from '../services/projects';
import { uploadFolders } from '../services/uploads';
import { roomPhoto } from './room-photos';

interface SampleProject {
  title: string;
  category: ProjectCategory;
  suburb: string;
  summary: string;
  /** Alt text of each photo, the cover first. */
  photos: string[];
  featured?: boolean;
  beforeAfter?: boolean;
}

/**
 * The demo's portfolio: a gallery's worth of projects (as many as the built-in pictures), each
 * summary marked as a demo. The photos are drawn by room-photos.ts as a camera would save them
 * (with EXIF and GPS) and go through the same processing as the owner's uploads.
 */
const sampleProjects: SampleProject[] = [
  {
    title: 'Hawthorn Family Kitchen',
    category: 'kitchen',
    suburb: 'Hawthorn',
    summary: 'Demo project: sage cabinetry, a walnut island with seating for four and a butler’s pantry behind a fluted door.',
    photos: ['Sage kitchen with a walnut island and brass pendants', 'Butler’s pantry with open oak shelves'],
    featured: true,
    beforeAfter: true,
  },
  {
    title: 'Brighton Ensuite',
    category: 'bathroom',
    suburb: 'Brighton',
    summary: 'Demo project: a walk-in shower in handmade tiles, a floating double vanity and underfloor heating.',
    photos: ['Ensuite with a floating double vanity', 'Walk-in shower with a niche in handmade tiles'],
  },
  {
    title: 'Kew Walk-in Wardrobe',
    category: 'wardrobe',
    suburb: 'Kew',
    summary: 'Demo project: floor-to-ceiling joinery with lit hanging, a jewellery island and a full-length mirror.',
    photos: ['Walk-in wardrobe with lit hanging rails', 'Jewellery island with velvet-lined drawers'],
  },
  {
    title: 'Richmond Entertainment Unit',
    category: 'entertainment',
    suburb: 'Richmond',
    summary: 'Demo project: a wall of oak joinery around the television, with hidden storage and a fluted bar cabinet.',
    photos: ['Oak entertainment unit with open shelves', 'Fluted bar cabinet beside the television'],
  },
  {
    title: 'Camberwell Laundry',
    category: 'laundry',
    suburb: 'Camberwell',
    summary: 'Demo project: stacked appliances, a deep sink, hanging space and a bench for folding in a former cupboard.',
    photos: ['Laundry with stacked appliances and a deep sink', 'Folding bench under a drying rail'],
  },
  {
    title: 'Northcote Study Nook',
    category: 'study',
    suburb: 'Northcote',
    summary: 'Demo project: a built-in desk for two under the stairs, with cable trays and bookshelves to the ceiling.',
    photos: ['Built-in desk for two under the stairs', 'Bookshelves to the ceiling above the desk'],
  },
  {
    title: 'Elwood Outdoor Kitchen',
    category: 'outdoor',
    suburb: 'Elwood',
    summary: 'Demo project: a marine-grade outdoor kitchen with a built-in barbecue, sink and a stone bench under the pergola.',
    photos: ['Outdoor kitchen with a built-in barbecue', 'Stone bench under the pergola'],
  },
  {
    title: 'Glen Waverley Kitchen',
    category: 'kitchen',
    suburb: 'Glen Waverley',
    summary: 'Demo project: handleless navy cabinetry, a porcelain benchtop and an induction cooktop on a long island.',
    photos: ['Navy handleless kitchen with a porcelain benchtop', 'Induction cooktop on the long island'],
  },
  {
    title: 'Doncaster Wardrobe Wall',
    category: 'wardrobe',
    suburb: 'Doncaster',
    summary: 'Demo project: a wall of sliding doors in textured oak, with drawers, shoe racks and a pull-down rail.',
    photos: ['Sliding oak wardrobe doors along the bedroom wall', 'Drawers and shoe racks behind the sliding doors'],
  },
  {
    title: 'Brunswick Galley Kitchen',
    category: 'kitchen',
    suburb: 'Brunswick',
    summary: 'Demo project: a narrow galley made to feel wide, with white oak, a skylight and open shelving.',
    photos: ['White oak galley kitchen under a skylight', 'Open shelving at the end of the galley'],
  },
  {
    title: 'Essendon Family Bathroom',
    category: 'bathroom',
    suburb: 'Essendon',
    summary: 'Demo project: a freestanding bath, a wall-hung vanity with drawers and terrazzo floor tiles.',
    photos: ['Freestanding bath under a window', 'Wall-hung vanity with terrazzo floor tiles'],
  },
];

/**
 * The photos' size: smaller than a camera's (drawing and processing one takes about a second
 * here), so an empty demo folder fills in about 30 s. `DEMO_PHOTOS=full` makes 12-megapixel
 * photos, as a phone takes them (a minute or two): what `npm run lighthouse` measures.
 */
const demoPhotoSize = (full: boolean) => (full ? { width: 4032, height: 3024 } : { width: 1600, height: 1200 });

/** Stores a drawn photo the way an upload does: a private original, recorded, attached and processed. */
async function addPhoto(
  store: Store,
  objects: ObjectStore,
  photos: Photos,
  size: { width: number; height: number },
  seed: string,
  alt: string,
): Promise<ProjectPhoto> {
  const data = await roomPhoto({ seed, ...size });
  const id = newId();
  const key = `${uploadFolders.photo}/${id}.jpg`;
  await objects.put(key, data, 'image/jpeg');
  const record: StoredObjectRecord = {
    id,
    key,
    url: objects.publicUrl(key),
    kind: 'photo',
    contentType: 'image/jpeg',
    size: data.length,
    attached: true,
    createdAt: new Date().toISOString(),
  };
  await store.objects.insert(record);
  return { url: record.url, alt, ...(await photos.ensureProcessed(record)) };
}

/**
 * Adds the demo's published projects, in order, the first featured (the home page's hero) and
 * linked to the first sample model and the first approved review; does nothing when there are
 * projects already. Returns how many it added.
 */
export async function seedSampleProjects(store: Store, objects: ObjectStore, options: { fullPhotos?: boolean } = {}): Promise<number> {
  if ((await store.projects.count()) > 0) return 0;
  const size = demoPhotoSize(options.fullPhotos ?? false);
  const photos = new Photos(store, objects);
  const [model] = (await store.models.find({ orderBy: 'displayOrder', direction: 'asc', limit: 1 })).items;
  const review = await store.reviews.findOne({ approved: true });
  for (const [displayOrder, sample] of sampleProjects.entries()) {
    const projectPhotos: ProjectPhoto[] = [];
    for (const [i, alt] of sample.photos.entries())
      projectPhotos.push(await addPhoto(store, objects, photos, size, `${sample.title}-${i}`, alt));
    // The after is the cover's view (the same upload), the before a photo of its own.
    const pair = sample.beforeAfter
      ? {
          before: await addPhoto(store, objects, photos, size, `${sample.title}-before`, `${sample.title} before the renovation`),
          after: { ...projectPhotos[0], alt: `${sample.title} after the renovation` },
        }
      : {};
    const now = new Date().toISOString();
    const project: Project = {
      id: newId(),
      slug: await uniqueSlug(store, sample.title),
      title: sample.title,
      category: sample.category,
      suburb: sample.suburb,
      summary: sample.summary,
      photos: projectPhotos,
      cover: projectPhotos[0].url,
      ...pair,
      ...(displayOrder === 0 && model ? { modelId: model.id } : {}),
      ...(displayOrder === 0 && review ? { reviewId: review.id } : {}),
      published: true,
      featured: sample.featured ?? false,
      displayOrder,
      processing: false,
      createdAt: now,
      updatedAt: now,
    };
    await store.projects.insert(project);
  }
  return sampleProjects.length;
}
