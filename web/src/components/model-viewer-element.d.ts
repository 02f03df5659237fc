import type { ModelViewerElement } from '@google/model-viewer';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** The attributes of <model-viewer> this site uses (https://modelviewer.dev/docs). */
interface ModelViewerAttributes extends DetailedHTMLProps<HTMLAttributes<ModelViewerElement>, ModelViewerElement> {
  src?: string;
  alt?: string;
  'camera-controls'?: boolean;
  'auto-rotate'?: boolean;
  'camera-orbit'?: string;
  'interaction-prompt'?: 'auto' | 'none';
  'touch-action'?: 'pan-y' | 'pan-x' | 'none';
  exposure?: number;
  'shadow-intensity'?: number;
  'shadow-softness'?: number;
  'environment-image'?: string;
  ar?: boolean;
  'ar-modes'?: string;
  'ar-scale'?: 'auto' | 'fixed';
  'variant-name'?: string;
  loading?: 'auto' | 'lazy' | 'eager';
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'model-viewer': ModelViewerAttributes;
    }
  }
}
