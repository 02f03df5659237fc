import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { defaultTexts, serviceKeys, type ServiceKey, type SiteSettings } from '@site/domain';
import { highlightLimits, serviceTextLabels, settingsSectionSchemas } from '@site/domain/settings-schema';
import { useMemo, type ReactNode } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave, type SectionValue } from '../hooks/use-section-save';
import { SectionForm } from './section-form';

const schema = settingsSectionSchemas.texts;
type TextsForm = z.input<typeof schema>;
type ServiceTextPath = `services.${ServiceKey}.${'title' | 'summary' | 'description'}`;

/**
 * One page text. Null is the default: the box shows the default text, marked "Default", and
 * typing in it makes the owner's own copy. "Restore default" sets it back to null (so does
 * emptying the box, which the schema reads as null), and the page follows any later change
 * to the default.
 */
function PageTextField({
  control,
  name,
  label,
  defaultText,
  rows,
}: {
  control: Control<TextsForm, unknown, SectionValue<'texts'>>;
  name: 'heroHeadline' | 'heroIntro' | 'aboutIntro' | 'aboutStory' | ServiceTextPath;
  label: string;
  defaultText: string;
  /** Lines shown at least, for the longer texts; none is a one-line box. */
  rows?: number;
}) {
  const { field, fieldState } = useController({ control, name });
  const atDefault = field.value === null;
  return (
    <Box>
      <TextField
        label={label}
        value={field.value ?? defaultText}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        name={field.name}
        multiline={rows !== undefined}
        minRows={rows}
        fullWidth
        error={Boolean(fieldState.error)}
        // The mark is the field's description, so a screen reader says "Default" with the text.
        helperText={fieldState.error?.message ?? (atDefault ? <Chip component="span" size="small" label="Default" /> : undefined)}
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
      <Button size="small" disabled={atDefault} onClick={() => field.onChange(null)} aria-label={`Restore default ${label.toLowerCase()}`}>
        Restore default
      </Button>
    </Box>
  );
}

/**
 * The hero's highlights, one a line, as one box: null is the default list, as for the other
 * texts. Blank lines are kept while typing and dropped when saved.
 */
function HighlightsField({ control }: { control: Control<TextsForm, unknown, SectionValue<'texts'>> }) {
  const { field, fieldState } = useController({ control, name: 'highlights' });
  const lines = field.value ?? null;
  const atDefault = lines === null;
  const label = 'Highlights';
  // A line's own refusal (a line break, a hidden character) comes under its index.
  const lineErrors: unknown = fieldState.error;
  const error =
    fieldState.error?.message ??
    (Array.isArray(lineErrors)
      ? (lineErrors as Array<{ message?: string } | undefined>).find((line) => line?.message)?.message
      : undefined);
  return (
    <Box>
      <TextField
        label={label}
        value={(lines ?? defaultTexts.highlights).join('\n')}
        onChange={(event) => field.onChange(event.target.value.split('\n'))}
        onBlur={field.onBlur}
        inputRef={field.ref}
        name={field.name}
        multiline
        minRows={defaultTexts.highlights.length}
        fullWidth
        error={Boolean(error)}
        helperText={
          error ?? (atDefault ? <Chip component="span" size="small" label="Default" /> : `One a line, up to ${highlightLimits.most}`)
        }
        slotProps={{ htmlInput: { autoComplete: 'off' } }}
      />
      <Button size="small" disabled={atDefault} onClick={() => field.onChange(null)} aria-label="Restore default highlights">
        Restore default
      </Button>
    </Box>
  );
}

const Group = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack spacing={2}>
    <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
    {children}
  </Stack>
);

/**
 * The words of the home, about and service pages. `brand` is the saved brand name: the about
 * story's default names it, as the about page shows it.
 */
export function TextsSection({ texts, brand, version }: { texts: SiteSettings['texts']; brand: string; version: number }) {
  const values = useMemo<TextsForm>(() => texts, [texts]);
  const form = useForm({ resolver: zodResolver(schema), values });
  const { submit, saving, problem, reload } = useSectionSave('texts', version, form);
  const { control } = form;
  return (
    <SectionForm
      title={sectionTitles.texts}
      anchor="settings-texts"
      description="Each text starts as the site's default. Change it to use your own words, or restore the default."
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
    >
      <Group title="Home page">
        <PageTextField control={control} name="heroHeadline" label="Hero headline" defaultText={defaultTexts.heroHeadline} />
        <PageTextField control={control} name="heroIntro" label="Hero intro" defaultText={defaultTexts.heroIntro} rows={2} />
        <HighlightsField control={control} />
      </Group>
      <Group title="About page">
        <PageTextField control={control} name="aboutIntro" label="About intro" defaultText={defaultTexts.aboutIntro} rows={2} />
        <PageTextField control={control} name="aboutStory" label="About story" defaultText={defaultTexts.aboutStory(brand)} rows={6} />
      </Group>
      {serviceKeys.map((key) => {
        const label = serviceTextLabels[key];
        const fallback = defaultTexts.services[key];
        return (
          <Group key={key} title={`Service: ${label}`}>
            <PageTextField control={control} name={`services.${key}.title`} label={`${label} title`} defaultText={fallback.title} />
            <PageTextField
              control={control}
              name={`services.${key}.summary`}
              label={`${label} summary`}
              defaultText={fallback.summary}
              rows={2}
            />
            <PageTextField
              control={control}
              name={`services.${key}.description`}
              label={`${label} description`}
              defaultText={fallback.description}
              rows={4}
            />
          </Group>
        );
      })}
    </SectionForm>
  );
}
