import type { Model3d } from '@site/domain';
import { useState } from 'react';
import { Icon, iconPaths } from '../../../components/icons';
import styles from '../showroom.module.css';

/** One model in the showroom grid: its thumbnail (or a placeholder), name and description. */
export function ModelCard({ model, onOpen, onIntent }: { model: Model3d; onOpen: () => void; onIntent: () => void }) {
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
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
            <img src={model.thumbnailUrl} alt="" loading="lazy" decoding="async" width={800} height={600} onError={() => setThumbnailFailed(true)} />
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
