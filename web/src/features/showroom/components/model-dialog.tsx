import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Model3d } from '@site/domain';
import { DialogHeading } from '../../../components/dialog-heading';
import { ModelViewer3d } from '../../../components/viewer-3d';

/** The large dialog with the interactive viewer of one model. */
interface ModelDialogProps {
  model: Model3d | null;
  open: boolean;
  onClose: () => void;
  /** After the closing transition: the viewer can go. */
  onExited: () => void;
}

export default function ModelDialog({ model, open, onClose, onExited }: ModelDialogProps) {
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
          <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
            <Box sx={{ height: { xs: '62vh', md: '68vh' }, minHeight: 280 }}>
              <ModelViewer3d
                key={model.id}
                src={model.modelUrl}
                alt={`3D model: ${model.name}. ${model.description}`}
                exposure={model.exposure}
                shadowIntensity={model.shadowIntensity}
              />
            </Box>
            <Typography id="model-dialog-help" color="text.secondary" sx={{ mt: 1.5, fontSize: '0.95rem' }}>
              Drag, or focus the model and use the arrow keys, to turn it; scroll, pinch or use + and - to zoom.
            </Typography>
            <Typography sx={{ mt: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{model.description}</Typography>
          </Box>
        </>
      )}
    </Dialog>
  );
}
