import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatBytes, type LeadAttachment, type PublicPhoto } from '@site/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { PartBoundary } from '#web/components/admin/part-boundary.tsx';

const loadLightbox = () => import('#web/components/lightbox.tsx');
const Lightbox = lazy(loadLightbox);

/** What the lightbox shows of a processed photo: the full-size copy, its thumbnail behind it while it loads. */
const lightboxPhoto = (attachment: LeadAttachment): PublicPhoto => ({
  alt: attachment.name,
  width: attachment.width ?? 0,
  height: attachment.height ?? 0,
  placeholder: attachment.thumbnailUrl ?? '',
  src: attachment.url,
  sources: [],
});

const tile = {
  width: 88,
  height: 88,
  borderRadius: 1,
  overflow: 'hidden',
  bgcolor: '#ece7df',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 0.5,
  p: 0.5,
  textAlign: 'center',
} as const;

/** A photo not ready to show: being processed, or unreadable. */
function PhotoState({ attachment }: { attachment: LeadAttachment }) {
  const failed = attachment.processing === 'failed';
  return (
    <Box role="img" aria-label={`${attachment.name}: ${failed ? 'could not be read' : 'preparing the preview'}`} sx={tile}>
      {failed ? <BrokenImageOutlined color="error" aria-hidden="true" /> : <HourglassEmptyOutlined color="action" aria-hidden="true" />}
      <Typography variant="caption" color={failed ? 'error' : 'text.secondary'} sx={{ lineHeight: 1.2 }} aria-hidden="true">
        {failed ? 'Could not be read' : 'Preparing...'}
      </Typography>
    </Box>
  );
}

/**
 * The customer's photos and plans on a lead card: each processed photo's thumbnail opens it
 * full size in the lightbox (arrow keys and swipe turn to the next); a photo still being
 * processed, or one that could not be read, says so; plans are links that open in a new tab.
 */
export function LeadAttachments({ attachments }: { attachments?: LeadAttachment[] }) {
  const [shown, setShown] = useState<number | null>(null);
  const headingId = useId();
  if (!attachments || attachments.length === 0) return null;
  const photos = attachments.filter((attachment) => attachment.kind === 'photo');
  const ready = photos.filter((photo) => photo.processing !== 'pending' && photo.processing !== 'failed' && photo.thumbnailUrl);
  const pdfs = attachments.filter((attachment) => attachment.kind === 'pdf');

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 2 }}>
      <Typography id={headingId} component="h4" variant="subtitle2" sx={{ mb: 1 }}>
        Photos and plans
      </Typography>
      {photos.length > 0 ? (
        <Box component="ul" aria-label="Photos" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {photos.map((photo) => {
            const index = ready.indexOf(photo);
            return (
              <li key={photo.id}>
                {index >= 0 ? (
                  <ButtonBase
                    focusRipple
                    onClick={() => setShown(index)}
                    onPointerEnter={() => void loadLightbox()}
                    onFocus={() => void loadLightbox()}
                    aria-label={`Open ${photo.name}`}
                    sx={{ ...tile, p: 0, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
                  >
                    <Box
                      component="img"
                      src={photo.thumbnailUrl}
                      alt={photo.name}
                      loading="lazy"
                      decoding="async"
                      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                    />
                  </ButtonBase>
                ) : (
                  <PhotoState attachment={photo} />
                )}
              </li>
            );
          })}
        </Box>
      ) : null}
      {pdfs.length > 0 ? (
        <Box
          component="ul"
          aria-label="Plans"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: photos.length > 0 ? 1 : 0, display: 'grid', gap: 0.5 }}
        >
          {pdfs.map((pdf) => (
            <Box component="li" key={pdf.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
              <PictureAsPdf fontSize="small" color="error" aria-hidden="true" />
              {/* The server sends a customer's PDF as a download (it never opens in the site's origin): a download link, not a new tab. */}
              <Link href={pdf.url} download={pdf.name} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {`${pdf.name} (PDF, ${formatBytes(pdf.size)})`}
              </Link>
            </Box>
          ))}
        </Box>
      ) : null}
      {shown !== null && ready.length > 0 ? (
        <PartBoundary part="The photo viewer">
          <Suspense fallback={null}>
            <Lightbox
              photos={ready.map(lightboxPhoto)}
              index={Math.min(shown, ready.length - 1)}
              onIndex={setShown}
              onClose={() => setShown(null)}
            />
          </Suspense>
        </PartBoundary>
      ) : null}
    </Box>
  );
}
