import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { SiteSettings } from '@site/domain';
import { defaultFollowUpAfterHours } from '@site/domain/business-hours';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { useMemo } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave } from '../hooks/use-section-save';
import { NullableNumberField } from './nullable-number-field';
import { SectionForm } from './section-form';
import { TextListField } from './text-list-field';

const schema = settingsSectionSchemas.notifications;
type NotificationsForm = z.input<typeof schema>;

/** Who hears of a new lead at once, and when staff are reminded of one nobody has contacted. */
export function NotificationsSection({ notifications, version }: { notifications: SiteSettings['notifications']; version: number }) {
  const values = useMemo<NotificationsForm>(() => ({ ...notifications }), [notifications]);
  const form = useForm({ resolver: zodResolver(schema), values });
  const { submit, saving, problem, reload, password } = useSectionSave('notifications', version, form);
  const emails = useController({ control: form.control, name: 'emails' });
  const mobiles = useController({ control: form.control, name: 'mobiles' });
  const followUp = useController({ control: form.control, name: 'followUpAfterHours' });
  const smsOptOut = useController({ control: form.control, name: 'smsOptOut' });
  const { errors } = form.formState;
  const listMessage = (error: { message?: string; root?: { message?: string } } | undefined) => error?.message ?? error?.root?.message;

  return (
    <SectionForm
      title={sectionTitles.notifications}
      anchor="settings-notifications"
      description="Who gets an email or text message when a lead arrives, and reminders about leads nobody has contacted. Never shown to visitors."
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
      password={password}
    >
      <TextListField
        legend="Staff emails"
        itemLabel={(index) => `Staff email ${index + 1}`}
        addLabel="Add an email address"
        emptyText="No staff emails."
        values={emails.field.value}
        onChange={emails.field.onChange}
        onBlur={emails.field.onBlur}
        inputRef={emails.field.ref}
        itemError={(index) => errors.emails?.[index]?.message}
        listError={listMessage(errors.emails)}
        max={10}
        type="email"
        autoComplete="off"
      />
      <TextListField
        legend="Staff mobiles"
        itemLabel={(index) => `Staff mobile ${index + 1}`}
        addLabel="Add a mobile number"
        emptyText="No staff mobiles."
        values={mobiles.field.value}
        onChange={mobiles.field.onChange}
        onBlur={mobiles.field.onBlur}
        inputRef={mobiles.field.ref}
        itemError={(index) => errors.mobiles?.[index]?.message}
        listError={listMessage(errors.mobiles)}
        max={5}
        type="tel"
        autoComplete="off"
      />
      <FormControlLabel
        label="We don't use text messages: no SMS alerts, and no reminder to set up an SMS provider"
        control={
          <Checkbox
            checked={smsOptOut.field.value ?? false}
            onChange={(event) => smsOptOut.field.onChange(event.target.checked)}
            onBlur={smsOptOut.field.onBlur}
            slotProps={{ input: { ref: smsOptOut.field.ref } }}
          />
        }
      />
      <NullableNumberField
        legend="Follow-up reminder"
        noneLabel="Off"
        numberChoiceLabel="Remind staff when a lead is still new after a delay"
        numberLabel="Follow-up delay in business hours"
        helperText="From 0.5 to 40 business hours"
        value={followUp.field.value}
        onChange={followUp.field.onChange}
        onBlur={followUp.field.onBlur}
        inputRef={followUp.field.ref}
        error={errors.followUpAfterHours?.message}
        fallback={defaultFollowUpAfterHours}
        min={0.5}
        max={40}
        step={0.5}
      />
    </SectionForm>
  );
}
