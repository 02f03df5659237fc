import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ModelViewerElement } from '@google/model-viewer';
import type { Hotspot } from '@site/domain';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { openSceneViewer, usesSceneViewer } from '../lib/scene-viewer';
import { visuallyHidden } from './visually-hidden';

// This file is not called model-viewer-*: its chunk comes with the viewer's dialog, and only
// the library's own chunk (model-viewer-*.js) must wait until a viewer is shown.
let library: Promise<unknown> | null = null;

/**
 * Loads @google/model-viewer (and three) on first use: it is its own chunk, which no page
 * downloads until a viewer is shown.
 */
export function loadModelViewer(): Promise<unknown> {
  library ??= import('@google/model-viewer').then(
    ({ ModelViewerElement }) => {
      // Optimised models are meshopt-compressed, which model-viewer decodes only after loading
      // this script (served by the site, see vite.config.ts): set before any model loads.
      ModelViewerElement.meshoptDecoderLocation = '/meshopt-decoder.js';
    },
    (error: unknown) => {
      library = null;
      throw error;
    },
  );
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

/** A model's size in metres, as the viewer shows it: "2.40 m × 0.90 m × 0.60 m" (width × height × depth). */
export const formatDimensions = ({ x, y, z }: { x: number; y: number; z: number }) =>
  [x, y, z].map((metres) => `${metres.toFixed(2)} m`).join(' × ');

/** The camera orbit that looks at a point along its surface's normal, so a hotspot faces the visitor. */
const orbitFacing = ([x, y, z]: readonly number[]) => {
  const theta = Math.atan2(x, z);
  const phi = Math.acos(Math.max(-1, Math.min(1, y / (Math.hypot(x, y, z) || 1))));
  return `${theta}rad ${phi}rad auto`;
};

export interface ModelViewer3dProps {
  src: string;
  /** The text alternative of the model. */
  alt: string;
  exposure: number;
  shadowIntensity: number;
  /** Turns the model slowly until the visitor takes over (off when they prefer reduced motion). */
  autoRotate?: boolean;
  /** Offers AR on devices that support it, at the model's true scale. */
  ar?: boolean;
  /** A copy of the model Android's Scene Viewer can read (the viewer's file may be meshopt-compressed). */
  arSrc?: string;
  /** The element once the model has loaded, e.g. to take a picture of it; null before and after. */
  onLoaded?: (viewer: ModelViewerElement | null) => void;
  /**
   * Load the model at once, even while the viewer is outside the window (by default the
   * library waits until it scrolls into view): for a viewer whose model someone just chose.
   */
  eager?: boolean;
  /** The material variant shown (KHR_materials_variants); the file's own materials without one. */
  variantName?: string | null;
  /** Labelled buttons on the model. */
  hotspots?: readonly Hotspot[];
  /** The hotspot shown as pressed (e.g. the one an admin is moving). */
  selectedHotspotId?: string | null;
  /** What a hotspot's button does; by default it turns the model to face that point. */
  onHotspotClick?: (hotspot: Hotspot) => void;
  /** Shows the model's width, height and depth over it. */
  showDimensions?: boolean;
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
  arSrc,
  onLoaded,
  eager = false,
  variantName = null,
  hotspots = [],
  selectedHotspotId = null,
  onHotspotClick,
  showDimensions = false,
}: ModelViewer3dProps) {
  const [status, setStatus] = useState<Status>('library');
  const [dimensions, setDimensions] = useState<string | null>(null);
  // A visitor who asked to see a hotspot has taken over from the turning.
  const [turned, setTurned] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const element = useRef<ModelViewerElement | null>(null);

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
    element.current = viewer;
    const onLoad = () => {
      setStatus('loaded');
      setDimensions(formatDimensions(viewer.getDimensions()));
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
      element.current = null;
      loaded.current?.(null);
    };
  }, []);

  const arFile = useRef(arSrc);
  useEffect(() => {
    arFile.current = arSrc;
  }, [arSrc]);

  // The element's own AR button would hand Scene Viewer the meshopt file it cannot read. This
  // listener runs before the library's (on the button's container), so it can take over.
  const attachArButton = useCallback((button: HTMLButtonElement | null) => {
    if (!button) return;
    const onClick = (event: MouseEvent) => {
      event.stopPropagation();
      const viewer = element.current;
      if (!viewer) return;
      const file = arFile.current;
      void (async () => {
        if (file && (await usesSceneViewer())) openSceneViewer(file);
        else await viewer.activateAR();
      })();
    };
    button.addEventListener('click', onClick);
    return () => button.removeEventListener('click', onClick);
  }, []);

  const hotspotClicked = (hotspot: Hotspot) => {
    if (onHotspotClick) return onHotspotClick(hotspot);
    const viewer = element.current;
    if (!viewer) return;
    setTurned(true);
    viewer.cameraTarget = hotspot.position.map((value) => `${value}m`).join(' ');
    viewer.cameraOrbit = orbitFacing(hotspot.normal);
  };

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
          auto-rotate={autoRotate && !reducedMotion && !turned}
          touch-action="pan-y"
          interaction-prompt="none"
          exposure={exposure}
          shadow-intensity={shadowIntensity}
          shadow-softness={1}
          environment-image="legacy"
          ar={ar}
          ar-modes="webxr scene-viewer quick-look"
          ar-scale="fixed"
          variant-name={variantName ?? undefined}
          data-status={status}
          style={{ width: '100%', height: '100%', display: 'block', backgroundColor: 'transparent' }}
        >
          {hotspots.map((hotspot) => (
            <Box
              component="button"
              type="button"
              key={hotspot.id}
              slot={`hotspot-${hotspot.id}`}
              data-position={hotspot.position.join(' ')}
              data-normal={hotspot.normal.join(' ')}
              aria-pressed={onHotspotClick ? hotspot.id === selectedHotspotId : undefined}
              onClick={() => hotspotClicked(hotspot)}
              sx={{
                maxWidth: 180,
                px: 1,
                py: 0.5,
                border: 2,
                borderColor: hotspot.id === selectedHotspotId ? 'primary.main' : '#ffffff',
                borderRadius: 2,
                bgcolor: 'rgba(255, 255, 255, 0.95)',
                color: '#1f1f1f',
                font: 'inherit',
                fontSize: '0.8rem',
                fontWeight: 600,
                lineHeight: 1.3,
                textAlign: 'left',
                overflowWrap: 'anywhere',
                boxShadow: '0 1px 4px rgba(0, 0, 0, 0.35)',
                cursor: 'pointer',
                // Behind the model: faded, still there to reach by keyboard.
                '&:not([data-visible])': { opacity: 0.55 },
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {hotspot.label}
            </Box>
          ))}
          {ar ? (
            <Box
              component="button"
              type="button"
              slot="ar-button"
              ref={attachArButton}
              sx={{
                position: 'absolute',
                right: 12,
                bottom: 12,
                px: 2,
                py: 1,
                border: 0,
                borderRadius: 5,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                font: 'inherit',
                fontWeight: 600,
                cursor: 'pointer',
              }}
            >
              View in your room
            </Box>
          ) : null}
        </model-viewer>
      )}
      {showDimensions && dimensions ? (
        <Typography
          data-testid="model-dimensions"
          sx={{
            position: 'absolute',
            left: 12,
            top: 12,
            px: 1.25,
            py: 0.5,
            borderRadius: 1,
            bgcolor: 'rgba(255, 255, 255, 0.92)',
            fontWeight: 600,
            fontSize: '0.95rem',
            pointerEvents: 'none',
          }}
        >
          <Box component="span" sx={visuallyHidden}>
            Width × height × depth:{' '}
          </Box>
          {dimensions}
        </Typography>
      ) : null}
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
