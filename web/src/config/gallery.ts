import type { GalleryCategory } from '@site/domain';

/**
 * The gallery (11 static items, each with src, alt and category).
 *
 * OWNER: to show your own photos, drop them into web/gallery-photos/ named after an item's
 * `name` (e.g. web/gallery-photos/kitchen-walnut-island.jpg; JPEG, PNG, WebP or AVIF, any
 * size, it is cropped to 4:3), edit the list below (add, remove or reorder items, write what
 * each photo shows in `alt`), then run `npm run gallery -w web`. That writes the resized
 * AVIF and WebP files into web/public/gallery/. Items without a photo get a drawn
 * illustration.
 */
export const galleryList: { name: string; category: GalleryCategory; alt: string }[] = [
  { name: 'kitchen-walnut-island', category: 'Kitchen', alt: 'Kitchen with a walnut island bench, white stone top and pendant lights' },
  { name: 'wardrobe-walk-in', category: 'Wardrobe', alt: 'Walk-in wardrobe with open hanging rails, shelves and a drawer tower' },
  {
    name: 'entertainment-oak-wall',
    category: 'Entertainment',
    alt: 'Living room entertainment unit in oak with a floating TV cabinet and open shelves',
  },
  { name: 'kitchen-navy-shaker', category: 'Kitchen', alt: 'Navy shaker-style kitchen with brass handles and a subway tile splashback' },
  { name: 'wardrobe-sliding-mirror', category: 'Wardrobe', alt: 'Built-in wardrobe with sliding doors, one of them mirrored' },
  {
    name: 'entertainment-media-charcoal',
    category: 'Entertainment',
    alt: 'Charcoal media wall with a fireplace, TV recess and lit display niches',
  },
  {
    name: 'kitchen-white-galley',
    category: 'Kitchen',
    alt: 'Bright white galley kitchen with handleless cabinets and a window over the sink',
  },
  { name: 'wardrobe-his-hers', category: 'Wardrobe', alt: 'Twin wardrobes with soft-close drawers and lighting inside the hanging space' },
  { name: 'kitchen-sage-butlers', category: 'Kitchen', alt: "Sage green kitchen with open timber shelves and a butler's pantry doorway" },
  {
    name: 'entertainment-study-nook',
    category: 'Entertainment',
    alt: 'Living room wall unit combining a TV cabinet, bookshelves and a study nook',
  },
  { name: 'kitchen-black-timber', category: 'Kitchen', alt: 'Black and timber kitchen with a waterfall island and bar stools' },
];

/** Widths written for every image; the browser picks one through srcset and sizes. */
export const galleryWidths = [400, 800, 1200] as const;
/** Every gallery image is 4:3. */
export const galleryAspect = { width: 4, height: 3 } as const;

export interface GalleryItem {
  name: string;
  category: GalleryCategory;
  alt: string;
  /** The fallback image (WebP, middle width). */
  src: string;
  avifSrcSet: string;
  webpSrcSet: string;
}

const file = (name: string, width: number, format: 'avif' | 'webp') => `/gallery/${name}-${width}.${format}`;
const srcSet = (name: string, format: 'avif' | 'webp') => galleryWidths.map((w) => `${file(name, w, format)} ${w}w`).join(', ');

export const galleryItems: GalleryItem[] = galleryList.map((item) => ({
  ...item,
  src: file(item.name, 800, 'webp'),
  avifSrcSet: srcSet(item.name, 'avif'),
  webpSrcSet: srcSet(item.name, 'webp'),
}));
