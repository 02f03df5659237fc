import type { PublicPhoto } from '@site/domain';
import type { CSSProperties } from 'react';

export interface ProjectPictureProps {
  photo: PublicPhoto;
  /** The `sizes` of the layout the picture sits in. */
  sizes: string;
  className?: string;
  /** The largest picture in view when the page opens: fetched at once and first. */
  priority?: boolean;
}

/**
 * A processed project photo: AVIF, then WebP, at every width the server made, with its width
 * and height so the page keeps its place before it loads, and its tiny blurred placeholder
 * painted behind it meanwhile.
 */
export function ProjectPicture({ photo, sizes, className, priority = false }: ProjectPictureProps) {
  const style: CSSProperties = { backgroundImage: `url("${photo.placeholder}")`, backgroundSize: 'cover', backgroundPosition: 'center' };
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={photo.src}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        className={className}
        style={style}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}

/** The photo's `srcset` of one type, for a preload link. */
export const srcsetOf = (photo: PublicPhoto, type: 'image/avif' | 'image/webp') => photo.sources.find((s) => s.type === type)?.srcset;
