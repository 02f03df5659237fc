import { showroomModels } from '../../../lib/public-lists';

/**
 * Starts GET /api/3d-models before React has loaded, and the first model's thumbnail (the
 * page's largest picture) as soon as the list is in. The list waits in `showroomModels` for
 * the page; hydration still renders the prerendered loading state first.
 */
export function startModelsRequest() {
  void showroomModels.load().then(() => {
    const thumbnail = showroomModels.getSnapshot().data?.[0]?.thumbnailUrl;
    if (!thumbnail) return;
    const preload = document.createElement('link');
    preload.rel = 'preload';
    preload.as = 'image';
    preload.href = thumbnail;
    preload.fetchPriority = 'high';
    document.head.append(preload);
  });
}
