import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { linkKeys, linkLabels, type LinkKey, type SiteSettings } from '@site/domain';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave } from '../hooks/use-section-save';
import { SectionForm } from './section-form';

const schema = settingsSectionSchemas.links;
type LinksForm = z.input<typeof schema>;

/** Every link as a box, empty for one not set (the schema drops empty ones again). */
const formOf = (links: SiteSettings['links']) =>
  Object.fromEntries(linkKeys.map((key) => [key, links[key] ?? ''])) as Record<LinkKey, string> satisfies LinksForm;

/** The social and listing pages the site's footer links to. */
export function LinksSection({ links, version }: { links: SiteSettings['links']; version: number }) {
  const values = useMemo(() => formOf(links), [links]);
  const form = useForm({ resolver: zodResolver(schema), values });
  const { submit, saving, problem, reload } = useSectionSave('links', version, form);
  const { errors } = form.formState;
  return (
    <SectionForm
      title={sectionTitles.links}
      anchor="settings-links"
      description="The pages the site's footer links to. Leave a box empty for no link."
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
    >
      {linkKeys.map((key) => (
        <TextField
          key={key}
          type="url"
          label={linkLabels[key]}
          placeholder="https://"
          fullWidth
          error={Boolean(errors[key])}
          helperText={errors[key]?.message}
          slotProps={{ htmlInput: { autoComplete: 'off', inputMode: 'url' } }}
          {...form.register(key)}
        />
      ))}
    </SectionForm>
  );
}
