import { describe, expect, test } from 'vitest';
import { sceneViewerIntent, usesSceneViewer } from './scene-viewer';

describe("Android's Scene Viewer", () => {
  test('gets the AR file at true scale, with the page to come back to if it is not installed', () => {
    expect(sceneViewerIntent('/objects/models/island-ar.glb', 'https://example.com.au/virtual-showroom?model=island')).toBe(
      'intent://arvr.google.com/scene-viewer/1.2?mode=ar_preferred&disable_occlusion=true&resizable=false' +
        '&file=https%3A%2F%2Fexample.com.au%2Fobjects%2Fmodels%2Fisland-ar.glb' +
        '#Intent;scheme=https;package=com.google.android.googlequicksearchbox;action=android.intent.action.VIEW;' +
        'S.browser_fallback_url=https%3A%2F%2Fexample.com.au%2Fvirtual-showroom%3Fmodel%3Disland%23model-viewer-no-ar-fallback;end;',
    );
  });

  const pixel = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';

  test('is used on Android only (not Firefox or a Quest), and not where WebXR can show the model itself', async () => {
    expect(await usesSceneViewer(pixel, null)).toBe(true);
    expect(await usesSceneViewer(pixel, { isSessionSupported: async (mode) => mode !== 'immersive-ar' })).toBe(true);
    expect(await usesSceneViewer(pixel, { isSessionSupported: async (mode) => mode === 'immersive-ar' })).toBe(false);
    expect(await usesSceneViewer('Mozilla/5.0 (Android 14; Mobile; rv:126.0) Gecko/126.0 Firefox/126.0', null)).toBe(false);
    expect(await usesSceneViewer('Mozilla/5.0 (X11; Linux x86_64; Quest 3) OculusBrowser/33.0 Chrome/126.0', null)).toBe(false);
    expect(await usesSceneViewer('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', null)).toBe(
      false,
    );
  });
});
