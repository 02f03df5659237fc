import { limits, type Model3d } from '@site/domain';
import { api } from '../../../lib/api-client';

export const modelsUrl = `/api/3d-models?limit=${limits.listMaxLimit}`;

// A request started by main.tsx at the first paint, before React has loaded, and handed to
// the showroom query's first fetch. It does not go into the query cache itself: the
// prerendered page shows the loading state, and hydration must render exactly that first.
let early: Promise<Model3d[]> | null = null;

/**
 * Starts GET /api/3d-models, and the first model's thumbnail (the page's largest picture) as
 * soon as the list is in, while React is still loading.
 */
export function startModelsRequest() {
  if (early) return;
  early = api.get<Model3d[]>(modelsUrl);
  early.then(
    (models) => {
      const thumbnail = models[0]?.thumbnailUrl;
      if (!thumbnail) return;
      const preload = document.createElement('link');
      preload.rel = 'preload';
      preload.as = 'image';
      preload.href = thumbnail;
      preload.fetchPriority = 'high';
      document.head.append(preload);
    },
    // A failure is reported by the query that takes the request over, not as an unhandled one.
    () => undefined,
  );
}

/** The early request, once: later fetches (a retry, a refresh) go to the server. */
export function takeEarlyModelsRequest(): Promise<Model3d[]> | null {
  const request = early;
  early = null;
  return request;
}
