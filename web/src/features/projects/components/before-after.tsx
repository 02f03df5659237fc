import type { PublicPhoto } from '@site/domain';
import { useId, useState } from 'react';
import styles from './before-after.module.css';
import { ProjectPicture } from '../../../components/project-picture';

export interface BeforeAfterProps {
  before: PublicPhoto;
  after: PublicPhoto;
  sizes: string;
}

/**
 * The before and after photos one over the other, split where the slider is: a real range
 * input, so arrow keys, Page Up/Down, Home and End, a screen reader and a drag all move it.
 * Without JavaScript it shows both halves at 50%.
 */
export function BeforeAfter({ before, after, sizes }: BeforeAfterProps) {
  const [split, setSplit] = useState(50);
  const id = useId();
  return (
    <div className={styles.frame} style={{ aspectRatio: `${after.width} / ${after.height}` }}>
      <ProjectPicture photo={after} sizes={sizes} className={styles.image} />
      <div className={styles.before} style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }} aria-hidden="true">
        <ProjectPicture photo={{ ...before, alt: '' }} sizes={sizes} className={styles.image} />
      </div>
      <span className={`${styles.label} ${styles.labelBefore}`} aria-hidden="true">
        Before
      </span>
      <span className={`${styles.label} ${styles.labelAfter}`} aria-hidden="true">
        After
      </span>
      <div className={styles.handle} style={{ left: `${split}%` }} aria-hidden="true" />
      <label htmlFor={id} className={styles.hidden}>
        Before and after: how much of the before photo ({before.alt}) shows over the after photo ({after.alt})
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={split}
        aria-valuetext={`${split}% before`}
        onChange={(event) => setSplit(Number(event.target.value))}
        className={styles.range}
      />
    </div>
  );
}
