import type { BrandImageKind, SiteSettings } from '@site/domain';
import { newId } from '../ids';
import type { ObjectStore } from '../ports/object-store';
import type { Uploads } from './uploads';

/** The files a brand image becomes: each size a browser or phone asks for. */
interface BrandFile {
  /** What the settings call it: `logo`, or the favicon's sizes. */
  field: 'logo' | 'favicon' | 'touchIcon' | 'icon192' | 'icon512';
  width: number;
  height: number;
  /** `inside`: a logo keeps its shape; `contain`: an icon is square, its shape centred on transparency. */
  fit: 'inside' | 'contain';
}

const brandFiles: Record<BrandImageKind, BrandFile[]> = {
  // Twice the header's 80 px height, for sharp edges on phones' screens.
  logo: [{ field: 'logo', width: 640, height: 160, fit: 'inside' }],
  favicon: [
    { field: 'favicon', width: 32, height: 32, fit: 'contain' },
    { field: 'touchIcon', width: 180, height: 180, fit: 'contain' },
    { field: 'icon192', width: 192, height: 192, fit: 'contain' },
    { field: 'icon512', width: 512, height: 512, fit: 'contain' },
  ],
};

export type BrandImageUrls = Partial<Record<BrandFile['field'], string>>;

/**
 * The business's logo and favicon: an image uploaded as the admin's other images are (PNG,
 * JPEG, WebP or AVIF by its bytes, never SVG, whose scripts could run; its metadata already
 * removed), made into PNGs of the sizes pages and phones ask for, with transparency kept.
 * The upload itself is deleted once they exist; the files an image replaces are deleted too.
 */
export class BrandImages {
  constructor(
    private readonly uploads: Uploads,
    private readonly objects: ObjectStore,
  ) {}

  /** Makes the files of `kind` from an uploaded image (checked as a thumbnail upload is) and answers their addresses. */
  async make(kind: BrandImageKind, uploadUrl: string): Promise<BrandImageUrls> {
    const record = await this.uploads.check(uploadUrl, 'thumbnail');
    const opened = await this.objects.open(record.key);
    if (!opened) throw new Error(`The upload ${record.key} has no file`);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    const source = Buffer.concat(chunks);
    const id = newId();
    const urls: BrandImageUrls = {};
    // sharp loads at the first image, not at the server's start (as in services/photo-pipeline.ts).
    const { default: sharp } = await import('sharp');
    for (const file of brandFiles[kind]) {
      const png = await sharp(source)
        .rotate()
        .resize({
          width: file.width,
          height: file.height,
          fit: file.fit,
          withoutEnlargement: file.fit === 'inside',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const key = `brand/${kind}-${id}-${file.width}x${file.height}.png`;
      await this.objects.put(key, png, 'image/png');
      urls[file.field] = this.objects.publicUrl(key);
    }
    await this.uploads.remove(uploadUrl);
    return urls;
  }

  /** Deletes the files of a brand image no longer used. */
  async remove(urls: readonly (string | undefined)[]): Promise<void> {
    for (const url of urls) {
      const key = url && keyOf(url);
      if (key) await this.objects.delete(key);
    }
  }
}

/** The object key of a brand file's public address (`/objects/brand/...` embedded, a bucket's URL on Firebase). */
function keyOf(url: string): string | undefined {
  const path = decodeURIComponent(url.split(/[?#]/)[0]);
  const key = path.slice(path.lastIndexOf('brand/'));
  return /^brand\/[\w.-]+\.png$/.test(key) ? key : undefined;
}

/** The logo's PNG bytes (a quote's letterhead), or undefined when none is set or its file is gone. */
export async function brandLogo(objects: Pick<ObjectStore, 'open'>, site: Pick<SiteSettings, 'images'>): Promise<Buffer | undefined> {
  const key = site.images.logo && keyOf(site.images.logo);
  const file = key ? await objects.open(key) : null;
  if (!file) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
