import { settingsChanges, type ConfirmPassword, type SettingsSection } from '@site/domain';
import { isSensitiveSetting, type SettingsUpdate } from '@site/domain/settings-schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useLeaveGuard } from '#web/components/leave-guard.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { errorText } from '#web/lib/error-text.ts';
import { useToast } from '#web/lib/toast.tsx';
import { settingsQueryKey, type AdminSettings } from '#web/lib/admin/settings-query.ts';
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

/** The current password asked before a save that changes a sensitive setting: open while one waits for it. */
export interface PasswordPrompt {
  open: boolean;
  /** Sends the waiting save with the password; rejects with a wrong password's (or a limit's) answer, for the dialog to show. */
  confirm: (input: ConfirmPassword) => Promise<void>;
  cancel: () => void;
}

/** The section's id in the page, which links (`#settings-business`) and the unsaved-changes guard name it by. */
export const sectionAnchor = (section: string) => `settings-${section}`;

/**
 * Marks the section unsaved while its form differs from what was saved, so that leaving it
 * (another section's Save, another tab, closing the page) asks first; "Discard changes" puts
 * the saved values back.
 */
function useUnsavedMark<F extends FieldValues, T>(section: SettingsSection, form: UseFormReturn<F, unknown, T>) {
  const guard = useLeaveGuard();
  const mark = guard?.mark;
  const { isDirty } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (!mark) return;
    const id = sectionAnchor(section);
    mark(
      id,
      isDirty
        ? {
            title: sectionTitles[section],
            discard: () => reset(),
            show: () => {
              const element = document.getElementById(id);
              // Not every browser engine scrolls (jsdom has no layout): the focus below still takes the owner there.
              if (typeof element?.scrollIntoView === 'function') element.scrollIntoView({ block: 'start' });
              element?.querySelector<HTMLElement>('input, textarea, select')?.focus({ preventScroll: true });
            },
          }
        : null,
    );
  }, [mark, section, isDirty, reset]);
  useEffect(() => () => mark?.(sectionAnchor(section), null), [mark, section]);
  return guard;
}

/**
 * Saves one section's form: sends only that section and the version it started from, says
 * "Business details saved", and puts a refusal's messages under the fields they name,
 * focusing the first. Another section's unsaved changes are asked about first: that save does
 * not carry them. A change of the bank details, the site address or the staff recipients waits
 * for the current password first (`password`), as the server asks for it. The form itself
 * (with the section's schema as its resolver) belongs to the section.
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
  const [waiting, setWaiting] = useState<SettingsUpdate | null>(null);
  const guard = useUnsavedMark(section, form);

  const saved = () =>
    toast({
      title: `${sectionTitles[section]} saved`,
      message: 'Only this section was saved: each section has its own Save.',
      variant: 'default',
    });

  /** Whether this save changes a sensitive setting from what was read (the server compares with what is stored, and says so too). */
  const needsPassword = (update: SettingsUpdate) => {
    const current = queryClient.getQueryData<AdminSettings>(settingsQueryKey)?.settings;
    return (
      current !== undefined && settingsChanges(current, { ...current, [section]: update[section] }).some((c) => isSensitiveSetting(c.field))
    );
  };

  const refused = (error: unknown, update: SettingsUpdate) => {
    // The stored settings changed under the tab so that this save needs the password after all.
    if (error instanceof ApiRequestError && error.status === 403 && error.body?.errors?.currentPassword) {
      setWaiting(update);
      return;
    }
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
    if (needsPassword(update)) {
      setWaiting(update);
      return;
    }
    save.mutate(update, { onSuccess: saved, onError: (error) => refused(error, update) });
  };

  const password: PasswordPrompt = {
    open: waiting !== null,
    confirm: async ({ currentPassword }) => {
      if (!waiting) return;
      try {
        await save.mutateAsync({ ...waiting, currentPassword });
      } catch (error) {
        // A wrong password, or too many, is told in the dialog, which stays open; any other refusal is the section's.
        if (error instanceof ApiRequestError && (error.status === 403 || error.status === 429)) throw error;
        setWaiting(null);
        refused(error, waiting);
        return;
      }
      setWaiting(null);
      saved();
    },
    cancel: () => setWaiting(null),
  };

  const onInvalid = (errors: FieldErrors<F>) =>
    setProblem({ kind: 'invalid', message: firstErrorMessage(errors) ?? 'Check the fields marked in red.' });

  /** Reads the settings again after a 409: a section someone else changed shows their values, the others keep the edits. */
  const reload = async () => {
    setProblem(null);
    save.reset();
    await queryClient.refetchQueries({ queryKey: settingsQueryKey });
  };

  const send = form.handleSubmit(onValid, onInvalid);
  /** The section's Save: asks first about another section's unsaved changes, which this save leaves as they are. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const go = () => void send();
    if (!guard) return go();
    guard.leave({
      proceed: go,
      keep: go,
      except: sectionAnchor(section),
      because: `Saving ${sectionTitles[section].toLowerCase()} does not save them: keep editing to save them next, or discard them.`,
    });
  };

  return { submit, saving: save.isPending, problem, reload, password };
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
  priceList: 'Price list',
};
