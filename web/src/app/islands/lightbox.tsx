/**
 * The island of a project's lightbox: its photo buttons (data-opens="lightbox", with
 * data-photo-index) are plain HTML until one is tapped; then the lightbox renders in a root of
 * its own, with the photos of the project the page carries in its data block.
 */
import type { PublicPhoto } from '@site/domain';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Lightbox from '#web/components/lightbox.tsx';
import { publicProjects } from '#web/lib/public-lists.ts';
import { adoptSiteData } from '#web/lib/site-data.ts';

let root: Root | null = null;

function LightboxIsland({ photos, first, onClose }: { photos: PublicPhoto[]; first: number; onClose: () => void }) {
  const [index, setIndex] = useState(first);
  return <Lightbox photos={photos} index={index} onIndex={setIndex} onClose={onClose} />;
}

/** Opens the lightbox at the photo `trigger` shows. */
export function open(trigger: HTMLElement): Promise<void> {
  adoptSiteData();
  const slug = trigger.closest<HTMLElement>('[data-project-slug]')?.dataset.projectSlug;
  const photos = publicProjects.getSnapshot().data?.find((project) => project.slug === slug)?.photos;
  const index = Number(trigger.dataset.photoIndex);
  if (!photos?.[index]) return Promise.reject(new Error(`No photo ${index} for project ${slug ?? '(none)'}`));
  if (!root) {
    const container = document.createElement('div');
    container.dataset.island = 'lightbox';
    document.body.append(container);
    root = createRoot(container);
  }
  const close = () => root?.render(null);
  root.render(<LightboxIsland key={Date.now()} photos={photos} first={index} onClose={close} />);
  return Promise.resolve();
}
