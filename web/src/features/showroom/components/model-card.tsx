import type { Model3d } from '@site/domain';
import { useEffect, useRef, useState } from 'react';
import { Icon, iconPaths } from '#web/components/icons.tsx';
import styles from '../showroom.module.css';

/** One model in the showroom grid: its thumbnail (or a placeholder), name and description. */
interface ModelCardProps {
  model: Model3d;
  /** The first card's thumbnail is the page's largest picture: fetched at once, ahead of the others. */
  first: boolean;
  onOpen: () => void;
  /** Pointing at, focusing or touching the card: time to fetch the viewer dialog's code. */
  onIntent: () => void;
}

export function ModelCard({ model, first, onOpen, onIntent }: ModelCardProps) {
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const thumbnail = useRef<HTMLImageElement>(null);
  // A thumbnail that failed before the card was hydrated (its HTML came first): React never
  // saw its error event.
  useEffect(() => {
    const image = thumbnail.current;
    if (image?.complete && image.naturalWidth === 0) setThumbnailFailed(true);
  }, []);
  const nameId = `model-${model.id}-name`;
  const showThumbnail = Boolean(model.thumbnailUrl) && !thumbnailFailed;
  return (
    <li className={styles.card}>
      <button
        type="button"
        onClick={onOpen}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        aria-haspopup="dialog"
        aria-labelledby={nameId}
        aria-describedby={`model-${model.id}-description`}
        className={styles.open}
      >
        <div className={styles.picture}>
          {showThumbnail ? (
            <img
              ref={thumbnail}
              src={model.thumbnailUrl}
              alt=""
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : 'auto'}
              decoding="async"
              width={800}
              height={600}
              onError={() => setThumbnailFailed(true)}
            />
          ) : (
            <div className={styles.noPicture}>
              <Icon path={iconPaths.viewInAr} size={48} />
              <p className={styles.noPictureText}>Click to view in 3D</p>
            </div>
          )}
        </div>
        <div className={styles.body}>
          <h2 id={nameId} className={styles.name}>
            {model.name}
          </h2>
          <p id={`model-${model.id}-description`} className={styles.description}>
            {model.description}
          </p>
        </div>
      </button>
    </li>
  );
}
