import ViewInArOutlined from '@mui/icons-material/ViewInArOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Model3d } from '@site/domain';
import { useState } from 'react';

/** One model in the showroom grid: its thumbnail (or a placeholder), name and description. */
export function ModelCard({ model, onOpen }: { model: Model3d; onOpen: () => void }) {
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const nameId = `model-${model.id}-name`;
  const showThumbnail = Boolean(model.thumbnailUrl) && !thumbnailFailed;
  return (
    <Box
      component="li"
      sx={{ bgcolor: 'background.paper', borderRadius: 2, boxShadow: 1, overflow: 'hidden', transition: 'box-shadow 0.2s ease', '&:hover': { boxShadow: 4 } }}
    >
      <ButtonBase
        onClick={onOpen}
        aria-haspopup="dialog"
        aria-labelledby={nameId}
        aria-describedby={`model-${model.id}-description`}
        sx={{ display: 'block', width: '100%', textAlign: 'left', '&:focus-visible': { outline: '3px solid #1a73e8', outlineOffset: -3 } }}
      >
        <Box sx={{ aspectRatio: '4 / 3', bgcolor: '#ece7df', position: 'relative' }}>
          {showThumbnail ? (
            <Box
              component="img"
              src={model.thumbnailUrl}
              alt=""
              loading="lazy"
              decoding="async"
              width={800}
              height={600}
              onError={() => setThumbnailFailed(true)}
              sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : (
            <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'primary.main' }}>
              <ViewInArOutlined sx={{ fontSize: 48 }} aria-hidden />
              <Typography sx={{ fontWeight: 600 }}>Click to view in 3D</Typography>
            </Box>
          )}
        </Box>
        <Box sx={{ p: 2.5 }}>
          <Typography id={nameId} variant="h5" component="h2" sx={{ fontSize: '1.3rem', mb: 1, overflowWrap: 'anywhere' }}>
            {model.name}
          </Typography>
          <Typography id={`model-${model.id}-description`} color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {model.description}
          </Typography>
        </Box>
      </ButtonBase>
    </Box>
  );
}
