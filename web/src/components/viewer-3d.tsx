import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ModelViewerElement } from '@google/model-viewer';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

// This file is not called model-viewer-*: its chunk comes with the viewer's dialog, and only
// the library's own chunk (model-viewer-*.js) must wait until a viewer is shown.
let library: Promise<unknown> | null = null;

/**
 * Loads @google/model-viewer (and three) on first use: it is its own chunk, which no page
 * downloads until a viewer is shown.
 */
export function loadModelViewer(): Promise<unknown> {
  library ??= import('@google/model-viewer').catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

type Status = 'library' | 'loading' | 'loaded' | 'failed' | 'library-failed';

const reducedMotion = '(prefers-reduced-motion: reduce)';

function onReducedMotionChange(onChange: () => void) {
  const query = window.matchMedia(reducedMotion);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the visitor asks for less motion, following changes; false when prerendering. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    onReducedMotionChange,
    () => window.matchMedia(reducedMotion).matches,
    () => false,
  );
}

export interface ModelViewer3dProps {
  src: string;
  /** The text alternative of the model. */
  alt: string;
  exposure: number;
  shadowIntensity: number;
  /** Turns the model slowly until the visitor takes over (off when they prefer reduced motion). */
  autoRotate?: boolean;
  /** Offers AR on devices that support it. */
  ar?: boolean;
  /** The element once the model has loaded, e.g. to take a picture of it; null before and after. */
  onLoaded?: (viewer: ModelViewerElement | null) => void;
  /**
   * Load the model at once, even while the viewer is outside the window (by default the
   * library waits until it scrolls into view): for a viewer whose model someone just chose.
   */
  eager?: boolean;
}

/**
 * An interactive 3D view of a GLB model: orbit, zoom and pan with mouse, touch or keyboard,
 * soft shadows and the legacy environment lighting; 'Loading 3D model...' until it loads or
 * fails, and a visible message when it fails. Key it by `src` to start over for another model.
 */
export function ModelViewer3d({
  src,
  alt,
  exposure,
  shadowIntensity,
  autoRotate = true,
  ar = true,
  onLoaded,
  eager = false,
}: ModelViewer3dProps) {
  const [status, setStatus] = useState<Status>('library');
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    let current = true;
    loadModelViewer().then(
      () => current && setStatus((s) => (s === 'library' ? 'loading' : s)),
      (error: unknown) => {
        // The loading indicator is hidden and the failure is logged.
        console.error('The 3D viewer could not be loaded', error);
        if (current) setStatus('library-failed');
      },
    );
    return () => {
      current = false;
    };
  }, []);

  // The latest callback, so the element's listeners are attached once.
  const loaded = useRef(onLoaded);
  useEffect(() => {
    loaded.current = onLoaded;
  }, [onLoaded]);

  const attach = useCallback((viewer: ModelViewerElement | null) => {
    if (!viewer) return;
    const onLoad = () => {
      setStatus('loaded');
      loaded.current?.(viewer);
    };
    const onError = () => {
      setStatus('failed');
      loaded.current?.(null);
    };
    viewer.addEventListener('load', onLoad);
    viewer.addEventListener('error', onError);
    return () => {
      viewer.removeEventListener('load', onLoad);
      viewer.removeEventListener('error', onError);
      loaded.current?.(null);
    };
  }, []);

  const message =
    status === 'failed'
      ? 'Sorry, this 3D model could not be loaded. Please try again later.'
      : status === 'library-failed'
        ? 'Sorry, the 3D viewer could not be loaded. Please check your connection and try again.'
        : null;

  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', bgcolor: '#f3f0eb', borderRadius: 1, overflow: 'hidden' }}>
      {status !== 'library' && status !== 'library-failed' && (
        <model-viewer
          ref={attach}
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'auto'}
          camera-controls
          auto-rotate={autoRotate && !reducedMotion}
          touch-action="pan-y"
          interaction-prompt="none"
          exposure={exposure}
          shadow-intensity={shadowIntensity}
          shadow-softness={1}
          environment-image="legacy"
          ar={ar}
          ar-modes="webxr scene-viewer quick-look"
          data-status={status}
          style={{ width: '100%', height: '100%', display: 'block', backgroundColor: 'transparent' }}
        />
      )}
      {(status === 'library' || status === 'loading') && (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            pointerEvents: 'none',
          }}
        >
          <CircularProgress aria-hidden />
          <Typography>Loading 3D model...</Typography>
        </Box>
      )}
      {message && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
          <Typography role="alert" sx={{ maxWidth: 420, textAlign: 'center', color: '#8a1c1c', fontWeight: 600 }}>
            {message}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
