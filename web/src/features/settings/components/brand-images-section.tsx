import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { brandImageKinds, type BrandImageKind, type SiteSettings } from '@site/domain';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorText } from '#web/lib/error-text.ts';
import { useToast } from '#web/lib/toast.tsx';
import { checkFile } from '#web/lib/uploads/file-checks.ts';
import { useSaveBrandImage } from '../api/save-brand-image';

const labels: Record<BrandImageKind, { name: string; hint: string; preview: (images: SiteSettings['images']) => string | undefined }> = {
  logo: {
    name: 'Logo',
    hint: 'PNG, JPEG or WebP; a wide image with a transparent background looks best. It is shown at most 640 × 160 pixels.',
    preview: (images) => images.logo,
  },
  favicon: {
    name: 'Favicon',
    hint: 'PNG, JPEG or WebP, ideally square: the icon in browser tabs and on phones’ home screens (32 to 512 pixels).',
    preview: (images) => images.icon192 ?? images.favicon,
  },
};

function BrandImage({ kind, images }: { kind: BrandImageKind; images: SiteSettings['images'] }) {
  const save = useSaveBrandImage(kind);
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const { name, hint, preview } = labels[kind];
  const current = preview(images);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The same checks as every image the admin uploads (type by its first bytes, size), before sending it.
    const refused = await checkFile('thumbnail', file);
    if (refused) return setProblem(refused);
    setProblem(null);
    save.mutate(file, {
      onSuccess: () => toast({ title: 'Settings saved', message: `${name} saved.`, variant: 'default' }),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary">
        {hint}
      </Typography>
      {current ? (
        <Box
          component="img"
          src={current}
          alt={`Current ${name.toLowerCase()}`}
          sx={{ maxWidth: '100%', maxHeight: 80, alignSelf: 'flex-start', bgcolor: 'grey.100', p: 1, borderRadius: 1 }}
        />
      ) : (
        <Typography variant="body2">No {name.toLowerCase()} yet: the site shows the business’s name instead.</Typography>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        aria-describedby={hintId}
        onChange={(event) => void chosen(event)}
        data-testid={`${kind}-file`}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" disabled={save.isPending} onClick={() => input.current?.click()}>
          {save.isPending ? 'Saving…' : `Upload a ${name.toLowerCase()}`}
        </Button>
        {current ? (
          <Button
            color="error"
            disabled={save.isPending}
            onClick={() => save.mutate(null, { onError: (error) => setProblem(errorText(error)) })}
          >
            Remove the {name.toLowerCase()}
          </Button>
        ) : null}
      </Stack>
      {problem ? <Alert severity="error">{problem}</Alert> : null}
    </Stack>
  );
}

/** The logo and favicon: each saved as soon as it is uploaded (not with a Save button). */
export function BrandImagesSection({ images }: { images: SiteSettings['images'] }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} id="settings-images" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} component="h3" variant="h6">
        Brand images
      </Typography>
      <Stack spacing={3} sx={{ mt: 2 }}>
        {brandImageKinds.map((kind) => (
          <BrandImage key={kind} kind={kind} images={images} />
        ))}
      </Stack>
    </Paper>
  );
}
