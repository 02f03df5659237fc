import { zodResolver } from '@hookform/resolvers/zod';
import { leadNoteSchema } from '@site/domain';
import { useForm, useWatch } from 'react-hook-form';
import type { LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { useUpdateLead } from '../api/update-lead';
import { NoteFields } from './note-fields';

interface LeadNoteFormProps {
  id: string;
  name: string;
  collection: LeadCollection;
}

/**
 * The "Add a note" form of a lead's card. Its own module: it checks the note with the API's own
 * schema, so it brings zod and react-hook-form, which the lead list's first screen (folded
 * cards, on a phone) then does without.
 */
export default function LeadNoteForm({ id, name, collection }: LeadNoteFormProps) {
  const update = useUpdateLead(collection);
  // The API's own rule, so the form's message is the one the API would answer.
  const form = useForm({ resolver: zodResolver(leadNoteSchema), defaultValues: { note: '' } });
  const { ref, ...field } = form.register('note');
  const length = useWatch({ control: form.control, name: 'note' }).length;
  const onSubmit = form.handleSubmit((values) => update.mutate({ id, update: values }, { onSuccess: () => form.reset() }));
  return (
    <NoteFields
      name={name}
      onSubmit={onSubmit}
      field={{ ...field, inputRef: ref }}
      error={form.formState.errors.note?.message}
      length={length}
      saving={update.isPending}
    />
  );
}
