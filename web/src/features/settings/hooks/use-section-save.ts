import type { SettingsSection } from '@site/domain';
import type { SettingsUpdate } from '@site/domain/settings-schema';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiRequestError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useToast } from '../../../lib/toast';
import { settingsQueryKey } from '../../../lib/admin/settings-query';
import { useSaveSettings } from '../api/save-settings';
import { firstErrorMessage, sectionFieldErrors } from '../lib/field-errors';

/** What one section's save sends besides the version: the section whole, as its schema outputs it. */
export type SectionValue<S extends SettingsSection> = NonNullable<SettingsUpdate[S]>;

/**
 * Why a section was not saved, shown above its Save button: its fields' first message (the
 * browser's check or the server's), someone else's save since the settings were read (with a
 * way to read them again), or anything else the server answered.
 */
export interface SaveProblem {
  kind: 'invalid' | 'conflict' | 'failed';
  message: string;
}

/**
 * Saves one section's form: sends only that section and the version it started from, shows
 * "Settings saved", and puts a refusal's messages under the fields they name, focusing the
 * first. The form itself (with the section's schema as its resolver) belongs to the section.
 */
export function useSectionSave<S extends SettingsSection, F extends FieldValues>(
  section: S,
  version: number,
  form: UseFormReturn<F, unknown, SectionValue<S>>,
) {
  const save = useSaveSettings();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<SaveProblem | null>(null);

  const refused = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 409) {
      setProblem({ kind: 'conflict', message: error.body?.message || errorText(error) });
      return;
    }
    const fields = error instanceof ApiRequestError && error.status === 400 ? sectionFieldErrors(error.body?.errors ?? {}, section) : [];
    fields.forEach(({ name, message }, index) => form.setError(name as Path<F>, { type: 'server', message }, { shouldFocus: index === 0 }));
    setProblem(fields.length > 0 ? { kind: 'invalid', message: fields[0].message } : { kind: 'failed', message: errorText(error) });
  };

  const onValid = (value: SectionValue<S>) => {
    setProblem(null);
    // The version makes a save refused (409) rather than silently undoing another admin's change.
    const update = { version, [section]: value } as SettingsUpdate;
    save.mutate(update, {
      onSuccess: () => toast({ title: 'Settings saved', message: `${sectionTitles[section]} saved.`, variant: 'default' }),
      onError: refused,
    });
  };

  const onInvalid = (errors: FieldErrors<F>) =>
    setProblem({ kind: 'invalid', message: firstErrorMessage(errors) ?? 'Check the fields marked in red.' });

  /** Reads the settings again after a 409: a section someone else changed shows their values, the others keep the edits. */
  const reload = async () => {
    setProblem(null);
    save.reset();
    await queryClient.refetchQueries({ queryKey: settingsQueryKey });
  };

  return { submit: form.handleSubmit(onValid, onInvalid), saving: save.isPending, problem, reload };
}

export const sectionTitles: Record<SettingsSection, string> = {
  business: 'Business details',
  hours: 'Opening hours',
  notifications: 'Staff notifications',
  links: 'Links',
  privacy: 'Privacy',
  booking: 'Online booking',
  payments: 'Payments',
  texts: 'Page texts',
};
