import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { projectLimits } from '@site/domain';
import { useId, useRef, useState, type DragEvent } from 'react';
import { checkFile } from '../../../lib/uploads/file-checks';
import { UploadCancelled, uploadFile } from '../../../lib/uploads/upload-file';

/** A photo in the form: uploaded (with its url) or on its way (with its progress). */
export interface PhotoItem {
  /** Stable across re-orders: the url once uploaded, a local id before. */
  key: string;
  url: string;
  alt: string;
  /** What the admin sees: the processed photo, or the chosen file itself while it uploads. */
  preview: string;
  /** 0 to 1 while uploading; null once uploaded. */
  progress: number | null;
  error?: string;
  name?: string;
}

let localIds = 0;

/** Uploads each chosen file (checked first) as a photo, reporting progress into the list. */
export function usePhotoUploads(update: (change: (items: PhotoItem[]) => PhotoItem[]) => void) {
  return async (files: File[]) => {
    for (const file of files) {
      const key = `local-${++localIds}`;
      const preview = URL.createObjectURL(file);
      const problem = await checkFile('photo', file);
      update((items) => [
        ...items,
        { key, url: '', alt: '', preview, progress: problem ? null : 0, error: problem ?? undefined, name: file.name },
      ]);
      if (problem) continue;
      try {
        const url = await uploadFile('photo', file, {
          onProgress: (fraction) =>
            update((items) => items.map((item) => (item.key === key ? { ...item, progress: Math.min(fraction, 0.99) } : item))),
        });
        update((items) => items.map((item) => (item.key === key ? { ...item, url, progress: null } : item)));
      } catch (error) {
        if (error instanceof UploadCancelled) continue;
        const message = error instanceof Error ? error.message : 'The upload failed';
        update((items) => items.map((item) => (item.key === key ? { ...item, progress: null, error: message } : item)));
      }
    }
  };
}

interface PhotoUploadsProps {
  items: PhotoItem[];
  onChange: (change: (items: PhotoItem[]) => PhotoItem[]) => void;
  cover: string;
  onCover: (url: string) => void;
  /** Field messages from the form or the server, by path (`photos`, `photos.2.alt`). */
  errors: Record<string, string | undefined>;
  legend?: string;
  addLabel?: string;
  /** How many photos the field holds. */
  max?: number;
  /** Whether one of the photos is chosen as the cover. */
  withCover?: boolean;
}

/**
 * The project's photos: a picker and drop zone for several files at once, each uploading with
 * its own progress bar; then alt text, the cover choice, removal and the order (drag a photo
 * onto another, or its arrow buttons from the keyboard).
 */
export function PhotoUploads({
  items,
  onChange,
  cover,
  onCover,
  errors,
  legend = 'Photos',
  addLabel = 'Add photos',
  max = projectLimits.photosMax,
  withCover = true,
}: PhotoUploadsProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropping, setDropping] = useState(false);
  const upload = usePhotoUploads(onChange);
  const hintId = useId();

  const move = (from: number, to: number) =>
    onChange((list) => {
      if (to < 0 || to >= list.length) return list;
      const next = [...list];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item);
      return next;
    });
  const onDropFiles = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    if (event.dataTransfer.files.length) void upload([...event.dataTransfer.files]);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        {legend}
      </Typography>
      <Box
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes('Files')) {
            event.preventDefault();
            setDropping(true);
          }
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={onDropFiles}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dropping ? 'primary.main' : errors.photos ? 'error.main' : 'divider',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
          bgcolor: dropping ? 'action.hover' : 'transparent',
        }}
      >
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlined />}
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
          disabled={items.length >= max}
        >
          {addLabel}
        </Button>
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Or drop them here. JPEG, PNG, WebP or AVIF, up to 30 MB each, at most {max}.
        </Typography>
        <input
          ref={input}
          type="file"
          multiple
          accept=".jpg,.jpeg,.png,.webp,.avif,image/jpeg,image/png,image/webp,image/avif"
          hidden
          data-testid="photo-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])].slice(0, Math.max(0, max - items.length));
            event.target.value = '';
            void upload(files);
          }}
        />
      </Box>
      {errors.photos ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {errors.photos}
        </Typography>
      ) : null}
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        }}
      >
        {items.map((item, index) => {
          const altError = errors[`photos.${index}.alt`];
          const urlError = item.error ?? errors[`photos.${index}.url`];
          const label = item.alt || item.name || `Photo ${index + 1}`;
          return (
            <Box
              component="li"
              key={item.key}
              aria-label={`Photo ${index + 1}`}
              draggable={item.progress === null}
              onDragStart={(event) => {
                setDragged(item.key);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged) event.preventDefault();
              }}
              onDrop={(event) => {
                if (!dragged) return;
                event.preventDefault();
                event.stopPropagation();
                const from = items.findIndex((i) => i.key === dragged);
                if (from >= 0 && from !== index) move(from, index);
                setDragged(null);
              }}
              sx={{
                border: 1,
                borderColor: urlError ? 'error.main' : 'divider',
                borderRadius: 1,
                p: 1,
                opacity: dragged === item.key ? 0.5 : 1,
                cursor: 'grab',
                minWidth: 0,
              }}
            >
              <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: '#ece7df', borderRadius: 1, overflow: 'hidden' }}>
                <Box
                  component="img"
                  src={item.preview}
                  alt=""
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
              </Box>
              {item.progress !== null ? (
                <Box sx={{ mt: 1 }}>
                  <LinearProgress
                    variant="determinate"
                    value={Math.round(item.progress * 100)}
                    aria-label={`Uploading ${item.name ?? 'photo'}`}
                  />
                  <Typography variant="caption">Uploading {Math.round(item.progress * 100)}%</Typography>
                </Box>
              ) : null}
              {urlError ? (
                <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
                  {item.name ? `${item.name}: ` : ''}
                  {urlError}
                </Typography>
              ) : null}
              {item.url ? (
                <>
                  <TextField
                    label="Alt text"
                    value={item.alt}
                    onChange={(event) => onChange((list) => list.map((i) => (i.key === item.key ? { ...i, alt: event.target.value } : i)))}
                    error={Boolean(altError)}
                    helperText={altError ?? 'What the photo shows, for people who cannot see it'}
                    size="small"
                    fullWidth
                    required
                    slotProps={{ htmlInput: { maxLength: projectLimits.altMaxLength } }}
                    sx={{ mt: 1 }}
                  />
                  {withCover ? (
                    <FormControlLabel
                      control={<Radio checked={cover === item.url} onChange={() => onCover(item.url)} name="cover" />}
                      label="Cover"
                    />
                  ) : null}
                </>
              ) : null}
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Tooltip title="Move earlier">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move ${label} earlier`}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      <ArrowBack fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Move later">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move ${label} later`}
                      disabled={index === items.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      <ArrowForward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Remove">
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={`Remove ${label}`}
                    onClick={() => onChange((list) => list.filter((i) => i.key !== item.key))}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
