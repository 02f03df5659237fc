import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ModelViewerElement } from '@google/model-viewer';
import { limits, modelInputSchema, type Model3d, type ModelFields, type ModelInput } from '@site/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useCreateModel, useUpdateModel } from '../api/models';
import { FileUploadField } from './file-upload-field';
import { HotspotEditor } from './hotspot-editor';
import { PosterMaker, uploadPoster } from './poster-maker';

/** Add mode's empty form, exposure 0.6 and shadow 0.5. */
/** Keyboard steps of 0.1 add up to 0.8999999: keep the value on the step's decimals. */
const onStep = (value: number) => Math.round(value * 10) / 10;

const emptyForm: ModelFields = {
  name: '',
  description: '',
  modelUrl: '',
  thumbnailUrl: '',
  exposure: limits.exposure.default,
  shadowIntensity: limits.shadowIntensity.default,
  hotspots: [],
};

// The browser stops typing where the schema (and so the API) would refuse the text.
const maxLength = {
  name: modelInputSchema.shape.name.maxLength ?? undefined,
  description: modelInputSchema.shape.description.maxLength ?? undefined,
};

const fieldsOf = (model: Model3d): ModelFields => ({
  name: model.name,
  description: model.description,
  modelUrl: model.modelUrl,
  thumbnailUrl: model.thumbnailUrl ?? '',
  exposure: model.exposure,
  shadowIntensity: model.shadowIntensity,
  hotspots: model.hotspots,
});

const formFields = ['name', 'description', 'modelUrl', 'thumbnailUrl', 'exposure', 'shadowIntensity', 'hotspots'] as const;
type FormField = (typeof formFields)[number] | `hotspots.${number}.label`;
const isFormField = (key: string): key is FormField => formFields.some((field) => field === key) || /^hotspots\.\d+\.label$/.test(key);

interface ModelFormProps {
  /** The model being edited, or null to add one. */
  editing: Model3d | null;
  /** After Cancel or a successful save: back to add mode. */
  onDone: () => void;
}

/** 'Add New 3D Model' / 'Edit 3D Model'. */
export function ModelForm({ editing, onDone }: ModelFormProps) {
  const create = useCreateModel();
  const update = useUpdateModel();
  const nameInput = useRef<HTMLInputElement>(null);
  const [busyUploads, setBusyUploads] = useState({ model: false, thumbnail: false });
  const setModelBusy = useCallback((busy: boolean) => setBusyUploads((b) => ({ ...b, model: busy })), []);
  const setThumbnailBusy = useCallback((busy: boolean) => setBusyUploads((b) => ({ ...b, thumbnail: busy })), []);
  const toast = useToast();
  // The preview's viewer once its model has loaded: the thumbnail is taken from it when none is given.
  const [viewer, setViewer] = useState<ModelViewerElement | null>(null);
  const [makingPoster, setMakingPoster] = useState(false);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<ModelInput, unknown, ModelFields>({
    resolver: zodResolver(modelInputSchema),
    defaultValues: emptyForm,
  });

  // Edit mode fills the form with the model; add mode empties it.
  useEffect(() => {
    reset(editing ? fieldsOf(editing) : emptyForm);
    if (editing) nameInput.current?.focus();
  }, [editing, reset]);

  const [name, description, modelUrl, thumbnailUrl, exposure, shadowIntensity] = useWatch({
    control,
    name: ['name', 'description', 'modelUrl', 'thumbnailUrl', 'exposure', 'shadowIntensity'],
  });
  const saving = create.isPending || update.isPending || makingPoster;
  const uploading = busyUploads.model || busyUploads.thumbnail;
  // Disabled until name, description and modelUrl are all non-empty.
  const ready = Boolean(name?.trim() && description?.trim() && modelUrl);

  /** With no thumbnail, the preview as it is becomes one; the model is saved without if that fails. */
  const withPoster = async (fields: ModelFields): Promise<ModelFields> => {
    if (fields.thumbnailUrl || !viewer) return fields;
    setMakingPoster(true);
    try {
      const thumbnailUrl = await uploadPoster(viewer, fields.name);
      setValue('thumbnailUrl', thumbnailUrl);
      return { ...fields, thumbnailUrl };
    } catch {
      toast({ title: 'Error', message: 'The thumbnail could not be made from the model', variant: 'error' });
      return fields;
    } finally {
      setMakingPoster(false);
    }
  };

  const onSubmit = handleSubmit(async (entered) => {
    try {
      const fields = await withPoster(entered);
      if (editing) await update.mutateAsync({ id: editing.id, input: fields });
      else await create.mutateAsync(fields);
      reset(emptyForm);
      onDone();
    } catch (failure) {
      // The toast says it failed; the server's field messages go beside their fields.
      const fieldMessages = failure instanceof ApiRequestError ? failure.body?.errors : undefined;
      for (const [key, text] of Object.entries(fieldMessages ?? {})) {
        if (isFormField(key)) setError(key, { message: text });
      }
    }
  });

  // MUI's TextField takes the input's ref as inputRef, so focus-on-error reaches the input.
  const { ref: nameRef, ...nameField } = register('name');
  const { ref: descriptionRef, ...descriptionField } = register('description');

  const cancel = () => {
    reset(emptyForm);
    onDone();
  };

  return (
    <Paper component="section" aria-labelledby="model-form-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="model-form-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {editing ? 'Edit 3D Model' : 'Add New 3D Model'}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack spacing={2.5}>
          <TextField
            label="Model Name"
            fullWidth
            {...nameField}
            inputRef={(element: HTMLInputElement | null) => {
              nameRef(element);
              nameInput.current = element;
            }}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            slotProps={{ htmlInput: { maxLength: maxLength.name } }}
          />
          <TextField
            label="Description (minimum 5 characters)"
            fullWidth
            multiline
            minRows={3}
            {...descriptionField}
            inputRef={descriptionRef}
            error={Boolean(errors.description)}
            helperText={errors.description?.message}
            slotProps={{ htmlInput: { maxLength: maxLength.description } }}
          />
          <Controller
            control={control}
            name="modelUrl"
            render={({ field, fieldState }) => (
              <FileUploadField
                kind="model"
                label="GLB Model File"
                buttonText="Upload GLB"
                value={field.value ?? ''}
                onChange={field.onChange}
                onBusyChange={setModelBusy}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="thumbnailUrl"
            render={({ field, fieldState }) => (
              <FileUploadField
                kind="thumbnail"
                label="Thumbnail Image (optional)"
                buttonText="Upload Image"
                value={field.value ?? ''}
                onChange={field.onChange}
                onBusyChange={setThumbnailBusy}
                error={fieldState.error?.message}
              />
            )}
          />
          {modelUrl && !busyUploads.model ? (
            <Controller
              control={control}
              name="hotspots"
              render={({ field }) => (
                <HotspotEditor
                  modelUrl={modelUrl}
                  name={name ?? ''}
                  exposure={exposure ?? limits.exposure.default}
                  shadowIntensity={shadowIntensity ?? limits.shadowIntensity.default}
                  hotspots={field.value ?? []}
                  onChange={field.onChange}
                  errors={{
                    list: errors.hotspots?.message ?? errors.hotspots?.root?.message,
                    labels: (field.value ?? []).map((_spot, index) => errors.hotspots?.[index]?.label?.message),
                  }}
                  onViewer={setViewer}
                  focusRef={field.ref}
                />
              )}
            />
          ) : null}
          {modelUrl && !thumbnailUrl && !busyUploads.thumbnail && (
            <PosterMaker viewer={viewer} name={name ?? ''} onCreated={(url) => setValue('thumbnailUrl', url, { shouldDirty: true })} />
          )}
          <Controller
            control={control}
            name="exposure"
            render={({ field }) => (
              <Box>
                <Typography id="exposure-label" sx={{ fontWeight: 600 }}>
                  Exposure: {(field.value ?? limits.exposure.default).toFixed(1)}
                </Typography>
                <Slider
                  aria-labelledby="exposure-label"
                  value={field.value ?? limits.exposure.default}
                  onChange={(_event, value) => field.onChange(onStep(value))}
                  min={limits.exposure.min}
                  max={limits.exposure.max}
                  step={limits.exposure.step}
                  valueLabelDisplay="auto"
                  sx={{ maxWidth: 420 }}
                />
              </Box>
            )}
          />
          <Controller
            control={control}
            name="shadowIntensity"
            render={({ field }) => (
              <Box>
                <Typography id="shadow-label" sx={{ fontWeight: 600 }}>
                  Shadow Intensity: {(field.value ?? limits.shadowIntensity.default).toFixed(1)}
                </Typography>
                <Slider
                  aria-labelledby="shadow-label"
                  value={field.value ?? limits.shadowIntensity.default}
                  onChange={(_event, value) => field.onChange(onStep(value))}
                  min={limits.shadowIntensity.min}
                  max={limits.shadowIntensity.max}
                  step={limits.shadowIntensity.step}
                  valueLabelDisplay="auto"
                  sx={{ maxWidth: 420 }}
                />
              </Box>
            )}
          />
          <Stack direction="row" spacing={1.5}>
            <Button type="submit" variant="contained" disabled={!ready || saving || uploading}>
              {editing ? 'Update Model' : 'Add Model'}
            </Button>
            {editing && (
              <Button variant="outlined" onClick={cancel} disabled={saving}>
                Cancel
              </Button>
            )}
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}
