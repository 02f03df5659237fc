import type { PublicPhoto } from '@site/domain';
import { useEffect, useRef, type PointerEvent } from 'react';
import styles from './lightbox.module.css';
import { ProjectPicture } from './project-picture';

export interface LightboxProps {
  photos: PublicPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** How far a finger must travel sideways to turn to the next photo. */
const swipeDistance = 50;

/**
 * A photo at the size of the screen, in a modal <dialog>: the browser keeps focus inside it
 * and closes it with Escape, and the photo that opened it has the focus again after. The arrow keys, the
 * buttons and a swipe turn to the previous or next photo.
 */
export default function Lightbox({ photos, index, onIndex, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const photo = photos[index];
  const go = (step: number) => onIndex((index + step + photos.length) % photos.length);

  useEffect(() => {
    // The photo that opened the lightbox gets the focus back when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(event.clientY - from.y)) go(dx < 0 ? 1 : -1);
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label={`Photo ${index + 1} of ${photos.length}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      <div
        className={styles.stage}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        // A mouse drag on a photo would start the browser's own image drag, which ends the pointer's events.
        onDragStart={(event) => event.preventDefault()}
      >
        {photo ? <ProjectPicture key={index} photo={photo} sizes="100vw" className={styles.image} priority /> : null}
      </div>
      <p className={styles.caption}>
        <span className={styles.count}>
          {index + 1} of {photos.length}
        </span>{' '}
        {photo?.alt}
      </p>
      <button type="button" className={`${styles.button} ${styles.close}`} onClick={onClose} aria-label="Close" autoFocus>
        ×
      </button>
      {photos.length > 1 ? (
        <>
          <button type="button" className={`${styles.button} ${styles.previous}`} onClick={() => go(-1)} aria-label="Previous photo">
            ‹
          </button>
          <button type="button" className={`${styles.button} ${styles.next}`} onClick={() => go(1)} aria-label="Next photo">
            ›
          </button>
        </>
      ) : null}
    </dialog>
  );
}
