import { showroomModels } from '#web/lib/public-lists.ts';

/** A URL as a CSS string: quotes, backslashes and line breaks escaped. */
const cssUrl = (url: string) => `url("${url.replace(/["\\\n\r]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}")`;

/**
 * Takes GET /api/3d-models (which the page's HTML preloads) before React has loaded, and
 * fetches the first model's thumbnail, the page's largest picture, as soon as the list is in.
 * Until React renders the cards, the first placeholder card shows that thumbnail where the
 * first card will show it (through a variable on <html>, outside the markup React hydrates).
 * The list waits in `showroomModels` for the page; hydration still renders the prerendered
 * loading state first.
 *
 * Settles once that picture is in (or failed), or at once when there is none to show.
 */
export function startModelsRequest(): Promise<void> {
  return showroomModels.load().then(
    () =>
      new Promise<void>((resolve) => {
        const thumbnail = showroomModels.getSnapshot().data?.[0]?.thumbnailUrl;
        if (!thumbnail) return resolve();
        const preload = document.createElement('link');
        preload.rel = 'preload';
        preload.as = 'image';
        preload.href = thumbnail;
        preload.fetchPriority = 'high';
        preload.onload = () => resolve();
        preload.onerror = () => resolve();
        document.head.append(preload);
        document.documentElement.style.setProperty('--showroom-first-thumbnail', cssUrl(thumbnail));
      }),
  );
}
