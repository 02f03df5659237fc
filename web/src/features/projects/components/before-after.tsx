import type { PublicPhoto } from '@site/domain';
import { useEffect, useId, useRef } from 'react';
import { enhanceBeforeAfter } from '#web/lib/before-after.ts';
import styles from './before-after.module.css';
import { ProjectPicture } from '#web/components/project-picture.tsx';

export interface BeforeAfterProps {
  before: PublicPhoto;
  after: PublicPhoto;
  sizes: string;
}

/**
 * The before and after photos one over the other, split where the slider is: a real range
 * input, so arrow keys, Page Up/Down, Home and End, a screen reader and a drag all move it.
 * Without JavaScript it shows both halves at 50%. The input is the browser's own: its moves
 * are shown by lib/before-after.ts, which the prerendered page runs without React.
 */
export function BeforeAfter({ before, after, sizes }: BeforeAfterProps) {
  const frame = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => (frame.current ? enhanceBeforeAfter(frame.current) : undefined), []);
  const split = 50;
  return (
    <div ref={frame} data-before-after="" className={styles.frame} style={{ aspectRatio: `${after.width} / ${after.height}` }}>
      <ProjectPicture photo={after} sizes={sizes} className={styles.image} />
      <div data-part="before" className={styles.before} style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }} aria-hidden="true">
        <ProjectPicture photo={{ ...before, alt: '' }} sizes={sizes} className={styles.image} />
      </div>
      <span className={`${styles.label} ${styles.labelBefore}`} aria-hidden="true">
        Before
      </span>
      <span className={`${styles.label} ${styles.labelAfter}`} aria-hidden="true">
        After
      </span>
      <div data-part="handle" className={styles.handle} style={{ left: `${split}%` }} aria-hidden="true" />
      <label htmlFor={id} className={styles.hidden}>
        Before and after: how much of the before photo ({before.alt}) shows over the after photo ({after.alt})
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        defaultValue={split}
        aria-valuetext={`${split}% before`}
        className={styles.range}
      />
    </div>
  );
}
