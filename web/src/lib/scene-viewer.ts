/**
 * Android's Scene Viewer, opened the way model-viewer opens it (its ar.js, `$openSceneViewer`),
 * but with a file of our choosing: Scene Viewer cannot read the meshopt-compressed file the
 * viewer shows, so it gets the model's AR copy.
 */

/** The address model-viewer gives Scene Viewer to come back to when it is not installed. */
export const noArFallbackHash = '#model-viewer-no-ar-fallback';

/** The intent that opens `file` in Scene Viewer at true scale, coming back to `location` if it cannot. */
export function sceneViewerIntent(file: string, location: string): string {
  const modelUrl = new URL(file, location);
  modelUrl.hash = '';
  const params = new URLSearchParams(modelUrl.search);
  params.set('mode', 'ar_preferred');
  if (!params.has('disable_occlusion')) params.set('disable_occlusion', 'true');
  // ar-scale="fixed": the model at its true size, not to be resized.
  params.set('resizable', 'false');
  const fallback = new URL(location);
  fallback.hash = noArFallbackHash;
  return (
    `intent://arvr.google.com/scene-viewer/1.2?${params.toString()}&file=${encodeURIComponent(modelUrl.toString())}` +
    `#Intent;scheme=https;package=com.google.android.googlequicksearchbox;action=android.intent.action.VIEW;` +
    `S.browser_fallback_url=${encodeURIComponent(fallback.toString())};end;`
  );
}

export interface XrSystem {
  isSessionSupported(mode: string): Promise<boolean>;
}

const browserXr = () => (navigator as Navigator & { xr?: XrSystem }).xr ?? null;

/** Once Scene Viewer has sent the visitor back (not installed), AR goes through model-viewer. */
let sceneViewerBlocked = false;

/**
 * Whether model-viewer would pick Scene Viewer here: Android (not Firefox or a Quest) without
 * WebXR's immersive AR, which model-viewer prefers.
 */
export async function usesSceneViewer(userAgent: string = navigator.userAgent, xr: XrSystem | null = browserXr()): Promise<boolean> {
  if (sceneViewerBlocked || !/android/i.test(userAgent) || /firefox|oculus/i.test(userAgent)) return false;
  const immersiveAr = xr ? await xr.isSessionSupported('immersive-ar').catch(() => false) : false;
  return !immersiveAr;
}

/** Opens `file` in Scene Viewer; if the browser comes back to the fallback address, undoes it. */
export function openSceneViewer(file: string): void {
  const undo = () => {
    if (window.location.hash !== noArFallbackHash) return;
    sceneViewerBlocked = true;
    window.history.back();
  };
  window.addEventListener('hashchange', undo, { once: true });
  const anchor = document.createElement('a');
  anchor.href = sceneViewerIntent(file, window.location.toString());
  anchor.click();
}
