import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  fieldErrors,
  projectCategories,
  projectCategoryLabels,
  projectInputSchema,
  projectLimits,
  type Project,
  type ProjectInput,
  type ProjectPhoto,
} from '@site/domain';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useProjectLinks, useSaveProject } from '../api/projects';
import { PhotoUploads, type PhotoItem } from './photo-uploads';

interface TextFields {
  title: string;
  category: string;
  suburb: string;
  summary: string;
  modelId: string;
  reviewId: string;
  published: boolean;
  featured: boolean;
}

const emptyFields: TextFields = {
  title: '',
  category: '',
  suburb: '',
  summary: '',
  modelId: '',
  reviewId: '',
  published: false,
  featured: false,
};

/** The first choice of an optional link. */
const none = { value: '', label: 'None' };

const itemOf = (photo: ProjectPhoto): PhotoItem => ({ key: photo.url, url: photo.url, alt: photo.alt, preview: photo.src, progress: null });

interface ProjectFormProps {
  /** The project being edited, or null to add one. */
  editing: Project | null;
  /** After Cancel or a successful save. */
  onDone: () => void;
}

/**
 * 'Add Project' / 'Edit Project': the words, the photos (uploaded as they are chosen), an
 * optional before/after pair, what the project links to, and whether it is published.
 */
export function ProjectForm({ editing, onDone }: ProjectFormProps) {
  const save = useSaveProject();
  const links = useProjectLinks();
  const titleInput = useRef<HTMLInputElement>(null);
  const [fields, setFields] = useState<TextFields>(emptyFields);
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [cover, setCover] = useState('');
  const [pair, setPair] = useState<PhotoItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const empty = useCallback(() => {
    setFields(emptyFields);
    setPhotos([]);
    setCover('');
    setPair([]);
  }, []);

  useEffect(() => {
    /* eslint-disable react-hooks/set-state-in-effect -- the form is filled from the project chosen for editing */
    setErrors({});
    if (!editing) {
      empty();
      return;
    }
    setFields({
      title: editing.title,
      category: editing.category,
      suburb: editing.suburb,
      summary: editing.summary,
      modelId: editing.modelId ?? '',
      reviewId: editing.reviewId ?? '',
      published: editing.published,
      featured: editing.featured,
    });
    setPhotos(editing.photos.map(itemOf));
    setCover(editing.cover);
    setPair(editing.before && editing.after ? [itemOf(editing.before), itemOf(editing.after)] : []);
    /* eslint-enable react-hooks/set-state-in-effect */
    titleInput.current?.focus();
  }, [editing, empty]);

  const set = <K extends keyof TextFields>(key: K, value: TextFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const uploading = [...photos, ...pair].some((p) => p.progress !== null);
  const ready = photos.filter((p) => p.url);

  const submit = async () => {
    const readyPair = pair.filter((p) => p.url);
    const input: ProjectInput = {
      title: fields.title,
      category: fields.category as ProjectInput['category'],
      suburb: fields.suburb,
      summary: fields.summary,
      photos: ready.map(({ url, alt }) => ({ url, alt })),
      ...(ready.some((p) => p.url === cover) ? { cover } : {}),
      ...(readyPair.length === 2
        ? { before: { url: readyPair[0].url, alt: readyPair[0].alt }, after: { url: readyPair[1].url, alt: readyPair[1].alt } }
        : {}),
      ...(fields.modelId ? { modelId: fields.modelId } : {}),
      ...(fields.reviewId ? { reviewId: fields.reviewId } : {}),
      published: fields.published,
      featured: fields.featured,
    };
    const checked = projectInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input });
      setErrors({});
      if (!editing) empty();
      onDone();
    } catch (failure) {
      const messages = failure instanceof ApiRequestError ? failure.body?.errors : undefined;
      if (messages) setErrors(messages);
    }
  };

  const text = (key: 'title' | 'suburb' | 'summary', label: string, max: number, extra: object = {}) => (
    <TextField
      label={label}
      value={fields[key]}
      onChange={(event) => set(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      fullWidth
      slotProps={{ htmlInput: { maxLength: max } }}
      {...extra}
    />
  );

  /** A choice from `options`: a value and its label each. */
  const choice = (
    key: 'category' | 'modelId' | 'reviewId',
    label: string,
    options: readonly { value: string; label: ReactNode }[],
    extra: { hint?: string; required?: boolean } = {},
  ) => (
    <TextField
      select
      label={label}
      value={fields[key]}
      onChange={(event) => set(key, event.target.value)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? extra.hint}
      required={extra.required}
      fullWidth
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const toggle = (key: 'published' | 'featured', label: string) => (
    <FormControlLabel control={<Switch checked={fields[key]} onChange={(event) => set(key, event.target.checked)} />} label={label} />
  );

  return (
    <Paper component="section" aria-labelledby="project-form-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="project-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {editing ? 'Edit Project' : 'Add Project'}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack spacing={2.5}>
          {text('title', 'Title', projectLimits.titleMaxLength, { required: true, inputRef: titleInput })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {choice(
              'category',
              'Category',
              projectCategories.map((category) => ({ value: category, label: projectCategoryLabels[category] })),
              { required: true },
            )}
            {text('suburb', 'Suburb (optional)', projectLimits.suburbMaxLength)}
          </Stack>
          {text('summary', 'Summary', projectLimits.summaryMaxLength, { required: true, multiline: true, minRows: 3 })}
          <PhotoUploads items={photos} onChange={setPhotos} cover={cover || ready[0]?.url || ''} onCover={setCover} errors={errors} />
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Before and after (optional): two photos of the same view, the first the before, the second the after. The project page shows
              them with a slider.
            </Typography>
            <PhotoUploads
              legend="Before and after photos"
              addLabel="Add before and after photos"
              max={2}
              withCover={false}
              items={pair}
              onChange={(change) => setPair((current) => change(current).slice(0, 2))}
              cover=""
              onCover={() => undefined}
              errors={{ photos: errors.before ?? errors.after, 'photos.0.alt': errors['before.alt'], 'photos.1.alt': errors['after.alt'] }}
            />
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {choice('modelId', '3D model (optional)', [none, ...links.models.map((model) => ({ value: model.id, label: model.name }))], {
              hint: 'Shows "View in 3D" on the project page',
            })}
            {choice(
              'reviewId',
              'Review (optional)',
              [
                none,
                ...links.reviews.map((review) => ({
                  value: review.id,
                  label: (
                    <>
                      {review.customerName}: {review.reviewText.slice(0, 60)}
                    </>
                  ),
                })),
              ],
              { hint: 'An approved review of this project' },
            )}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {toggle('published', 'Published')}
            {toggle('featured', "Featured (its cover can be the home page's photo)")}
          </Stack>
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={save.isPending || uploading}>
              {uploading ? 'Uploading...' : editing ? 'Save Project' : 'Add Project'}
            </Button>
            {editing ? (
              <Button variant="outlined" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}
