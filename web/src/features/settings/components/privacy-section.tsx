import { zodResolver } from '@hookform/resolvers/zod';
import type { SiteSettings } from '@site/domain';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { useMemo } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave } from '../hooks/use-section-save';
import { NullableNumberField } from './nullable-number-field';
import { SectionForm } from './section-form';

const schema = settingsSectionSchemas.privacy;
type PrivacyForm = z.input<typeof schema>;

/** The number of months first offered when the owner chooses deletion; they can change it before saving. */
const suggestedRetentionMonths = 24;

/** How long won and lost leads are kept. */
export function PrivacySection({ privacy, version }: { privacy: SiteSettings['privacy']; version: number }) {
  const values = useMemo<PrivacyForm>(() => ({ ...privacy }), [privacy]);
  const form = useForm({ resolver: zodResolver(schema), values });
  const { submit, saving, problem, reload } = useSectionSave('privacy', version, form);
  const retention = useController({ control: form.control, name: 'leadRetentionMonths' });
  return (
    <SectionForm
      title={sectionTitles.privacy}
      anchor="settings-privacy"
      description="The site's privacy page states this same retention, so what visitors read there always matches what happens."
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
    >
      <NullableNumberField
        legend="Keep won and lost leads"
        noneLabel="Keep until someone asks"
        numberChoiceLabel="Delete them some months after their last change"
        numberLabel="Lead retention in months"
        helperText="A whole number of months, from 1 to 120"
        value={retention.field.value}
        onChange={retention.field.onChange}
        onBlur={retention.field.onBlur}
        inputRef={retention.field.ref}
        error={form.formState.errors.leadRetentionMonths?.message}
        fallback={suggestedRetentionMonths}
        min={1}
        max={120}
        step={1}
      />
    </SectionForm>
  );
}
