/**
 * Stands in for @google/model-viewer in the component tests, where jsdom has no WebGL: a
 * <model-viewer> element that "loads" its model a moment after it is added and answers the
 * calls the site makes (dimensions, the point under a click, a picture, AR). A test file uses it
 * with `vi.mock('@google/model-viewer', () => import('<relative path>/test-support/model-viewer'))`,
 * imports it too (the element and media queries must be there before the first render), and
 * sets `fakeViewer` to what the model should measure or where a click should land.
 */

interface Point {
  x: number;
  y: number;
  z: number;
}

const vector = (point: Point) => ({ ...point, toString: () => `${point.x}m ${point.y}m ${point.z}m` });

/** What the fake model is: its size, what a click on it hits (null: it misses), what it is asked. */
export const fakeViewer: {
  dimensions: Point;
  hit: { position: Point; normal: Point } | null;
  arActivations: number;
} = {
  dimensions: { x: 2.4, y: 0.9, z: 0.6 },
  hit: { position: { x: 0.25, y: 0.9, z: 0.1 }, normal: { x: 0, y: 1, z: 0 } },
  arActivations: 0,
};

// A PNG's signature: what the upload's checks look at first.
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

export class ModelViewerElement extends HTMLElement {
  static meshoptDecoderLocation = '';
  loaded = false;
  cameraTarget = 'auto auto auto';
  cameraOrbit = '0deg 75deg 105%';

  connectedCallback() {
    setTimeout(() => {
      this.loaded = true;
      this.dispatchEvent(new Event('load'));
    }, 0);
  }

  getDimensions() {
    return vector(fakeViewer.dimensions);
  }

  positionAndNormalFromPoint(_x: number, _y: number) {
    const { hit } = fakeViewer;
    return hit ? { position: vector(hit.position), normal: vector(hit.normal), uv: null } : null;
  }

  toBlob(): Promise<Blob> {
    return Promise.resolve(new Blob([png], { type: 'image/png' }));
  }

  activateAR(): Promise<void> {
    fakeViewer.arActivations += 1;
    return Promise.resolve();
  }
}

if (!customElements.get('model-viewer')) customElements.define('model-viewer', ModelViewerElement);

// jsdom has no media queries; the viewer asks whether the visitor prefers reduced motion (no).
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}
