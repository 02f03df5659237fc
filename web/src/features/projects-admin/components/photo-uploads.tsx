import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
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
import { checkFile } from '#web/lib/uploads/file-checks.ts';
import { UploadCancelled, uploadFile } from '#web/lib/uploads/upload-file.ts';

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

/** What a photo is called to the admin: its alt text, else its file name, else its place. */
const photoLabel = (item: PhotoItem, index: number) => item.alt || item.name || `Photo ${index + 1}`;

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a photo, press Space or Enter on its reorder button, then the arrow keys to move it, and Space or Enter again to drop it where it is, or Escape to put it back.',
};

/**
 * What a screen reader hears while a photo moves: its name and place, never an internal id.
 * `moved`: whether it has left its place since it was picked up.
 */
function reorderAnnouncements(items: PhotoItem[], moved: boolean): Announcements {
  const place = (id: UniqueIdentifier) => items.findIndex((item) => item.key === id);
  const name = (id: UniqueIdentifier) => {
    const index = place(id);
    return index < 0 ? 'The photo' : photoLabel(items[index], index);
  };
  const of = (id: UniqueIdentifier) => ` ${place(id) + 1} of ${items.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, in place${of(active.id)}.`,
    onDragOver: ({ active, over }) => {
      // Picked up, a photo is over its own place at once: saying so would cut "Picked up" short.
      if (over?.id === active.id && !moved) return undefined;
      if (!over) return `${name(active.id)} is not over a place.`;
      return over.id === active.id
        ? `${name(active.id)} is back in place${of(over.id)}.`
        : `${name(active.id)} is over place${of(over.id)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped in place${of(over.id)}.` : `${name(active.id)} dropped; the order is unchanged.`,
    onDragCancel: ({ active }) => `Moving cancelled: ${name(active.id)} is back in place${of(active.id)}.`,
  };
}

interface SortablePhotoProps {
  item: PhotoItem;
  index: number;
  count: number;
  errors: Record<string, string | undefined>;
  cover: string;
  onCover: (url: string) => void;
  withCover: boolean;
  onChange: (change: (items: PhotoItem[]) => PhotoItem[]) => void;
  move: (from: number, to: number) => void;
}

/** One photo of the list: its preview, upload progress, alt text, cover choice and the ways to move or remove it. */
function SortablePhoto({ item, index, count, errors, cover, onCover, withCover, onChange, move }: SortablePhotoProps) {
  // A photo still uploading stays where it is: its place in the list is where its progress shows.
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
    disabled: item.progress !== null,
  });
  const altError = errors[`photos.${index}.alt`];
  const urlError = item.error ?? errors[`photos.${index}.url`];
  const label = photoLabel(item, index);
  return (
    <Box
      component="li"
      ref={setNodeRef}
      aria-label={`Photo ${index + 1}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        border: 1,
        borderColor: urlError ? 'error.main' : 'divider',
        borderRadius: 1,
        p: 1,
        minWidth: 0,
        bgcolor: 'background.paper',
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        boxShadow: isDragging ? 6 : 'none',
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: '#ece7df', borderRadius: 1, overflow: 'hidden' }}>
        <Box component="img" src={item.preview} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      </Box>
      {item.progress !== null ? (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={Math.round(item.progress * 100)} aria-label={`Uploading ${item.name ?? 'photo'}`} />
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
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Tooltip title="Drag to reorder">
          <span>
            <IconButton
              ref={setActivatorNodeRef}
              size="small"
              {...attributes}
              {...listeners}
              aria-label={`Reorder ${label}`}
              disabled={item.progress !== null}
              // The handle takes touches for itself: a finger on it drags the photo instead of scrolling the page.
              sx={{ touchAction: 'none', cursor: isDragging ? 'grabbing' : 'grab' }}
            >
              <DragIndicator fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Move earlier">
          <span>
            <IconButton size="small" aria-label={`Move ${label} earlier`} disabled={index === 0} onClick={() => move(index, index - 1)}>
              <ArrowBack fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Move later">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${label} later`}
              disabled={index === count - 1}
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
}

/**
 * The project's photos: a picker and drop zone for several files at once, each uploading with
 * its own progress bar; then alt text, the cover choice, removal and the order. A photo moves by
 * its reorder handle, dragged with a mouse, a finger or a pen, or from the keyboard (Space, the
 * arrow keys, Space), with what happens said to screen readers; its arrow buttons move it one
 * place. The order is the form's, saved with the project.
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
  const [dropping, setDropping] = useState(false);
  const upload = usePhotoUploads(onChange);
  const hintId = useId();
  const [moved, setMoved] = useState(false);
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap or click on the handle is not one.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const move = (from: number, to: number) =>
    onChange((list) => (to < 0 || to >= list.length || from < 0 ? list : arrayMove(list, from, to)));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange((list) => {
      const from = list.findIndex((item) => item.key === active.id);
      const to = list.findIndex((item) => item.key === over.id);
      return from < 0 || to < 0 ? list : arrayMove(list, from, to);
    });
  };
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
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={() => setMoved(false)}
        onDragOver={({ active, over }) => {
          if (over && over.id !== active.id) setMoved(true);
        }}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: reorderAnnouncements(items, moved), screenReaderInstructions }}
      >
        <SortableContext items={items.map((item) => item.key)} strategy={rectSortingStrategy}>
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
            {items.map((item, index) => (
              <SortablePhoto
                key={item.key}
                item={item}
                index={index}
                count={items.length}
                errors={errors}
                cover={cover}
                onCover={onCover}
                withCover={withCover}
                onChange={onChange}
                move={move}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
    </Box>
  );
}
