import StraightenOutlined from '@mui/icons-material/StraightenOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Model3d } from '@site/domain';
import { useState } from 'react';
import { DialogHeading } from '#web/components/dialog-heading.tsx';
import { ModelViewer3d } from '#web/components/viewer-3d.tsx';
import type { AttachedDesign } from '#web/lib/attached-design.ts';

/** The text alternative of a model: its name, its description and its labelled points. */
export const modelAlt = (model: Pick<Model3d, 'name' | 'description' | 'hotspots'>) =>
  `3D model: ${model.name}. ${model.description}` +
  (model.hotspots.length > 0 ? ` Labelled points: ${model.hotspots.map((hotspot) => hotspot.label).join(', ')}.` : '');

/** The large dialog with the interactive viewer of one model. */
interface ModelDialogProps {
  model: Model3d | null;
  open: boolean;
  onClose: () => void;
  /** After the closing transition: the viewer can go. */
  onExited: () => void;
  /** "Enquire about this design": the model and the finish chosen, for the project inquiry; no button without it. */
  onEnquire?: (design: AttachedDesign) => void;
}

function ModelView({ model, onEnquire }: { model: Model3d; onEnquire: ModelDialogProps['onEnquire'] }) {
  // The first finish is shown from the start, so the chips always say what is on screen.
  const [variant, setVariant] = useState<string | null>(model.variants[0] ?? null);
  const [dimensions, setDimensions] = useState(false);
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
      <Box sx={{ height: { xs: '56vh', md: '62vh' }, minHeight: 280 }}>
        <ModelViewer3d
          src={model.modelUrl}
          arSrc={model.arUrl}
          alt={modelAlt(model)}
          exposure={model.exposure}
          shadowIntensity={model.shadowIntensity}
          variantName={variant}
          hotspots={model.hotspots}
          showDimensions={dimensions}
        />
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 1.5, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        {model.variants.length > 0 ? (
          <Stack direction="row" role="group" aria-labelledby="model-finish-label" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography id="model-finish-label" sx={{ fontWeight: 600 }}>
              Finish
            </Typography>
            {model.variants.map((name) => (
              <Chip
                key={name}
                label={name}
                clickable
                color={name === variant ? 'primary' : 'default'}
                variant={name === variant ? 'filled' : 'outlined'}
                aria-pressed={name === variant}
                onClick={() => setVariant(name)}
              />
            ))}
          </Stack>
        ) : (
          <span />
        )}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
          <ToggleButton value="dimensions" size="small" selected={dimensions} onChange={() => setDimensions((shown) => !shown)}>
            <StraightenOutlined fontSize="small" sx={{ mr: 0.75 }} />
            Dimensions
          </ToggleButton>
          {onEnquire ? (
            <Button variant="contained" onClick={() => onEnquire({ modelId: model.id, name: model.name, ...(variant ? { variant } : {}) })}>
              Enquire about this design
            </Button>
          ) : null}
        </Stack>
      </Stack>
      <Typography id="model-dialog-help" color="text.secondary" sx={{ mt: 1.5, fontSize: '0.95rem' }}>
        Drag, or focus the model and use the arrow keys, to turn it; scroll, pinch or use + and - to zoom.
      </Typography>
      <Typography sx={{ mt: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{model.description}</Typography>
    </Box>
  );
}

export default function ModelDialog({ model, open, onClose, onExited, onEnquire }: ModelDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open && model !== null}
      onClose={onClose}
      slotProps={{ transition: { onExited } }}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby="model-dialog-title"
      aria-describedby="model-dialog-help"
    >
      {model && (
        <>
          <DialogHeading titleId="model-dialog-title" title={model.name} onClose={onClose} />
          {/* Keyed by the model: another model starts with its own first finish and a new viewer. */}
          <ModelView key={model.id} model={model} onEnquire={onEnquire} />
        </>
      )}
    </Dialog>
  );
}
