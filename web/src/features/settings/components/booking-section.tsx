import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SiteSettings } from '@site/domain';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { useMemo, useState } from 'react';
import { useController, useForm, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave } from '../hooks/use-section-save';
import { SectionForm } from './section-form';
import { WeekHours, type WeekLabels } from './week-hours';

const schema = settingsSectionSchemas.booking;
type BookingForm = z.input<typeof schema>;

const bookingLabels: WeekLabels = {
  from: 'From',
  to: 'Until',
  none: 'No visits',
  first: (day) => `Take visits on ${day}`,
  noun: 'booking hours',
  firstRange: { from: '09:00', to: '16:00' },
};

/** The area's entries from the box: one a line (commas also part them), blank lines left out. */
const entriesOf = (text: string) =>
  text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * The service area as the owner types it, one postcode, range or suburb a line. The box keeps
 * what was typed (a blank line on the way to the next entry) unless the form's value changed
 * under it (a reload).
 */
function AreaField({ form }: { form: ReturnType<typeof useForm<BookingForm, unknown, z.output<typeof schema>>> }) {
  const { field, fieldState } = useController({ control: form.control, name: 'area' });
  const [text, setText] = useState(field.value.join('\n'));
  const shown = entriesOf(text).join('\n') === field.value.join('\n') ? text : field.value.join('\n');
  // The schema's message for the list, or for the first entry it refused (the server names it `area.3`).
  const entryErrors = (fieldState.error as (FieldError & Record<number, FieldError | undefined>) | undefined) ?? undefined;
  const entryError = entryErrors
    ? Object.keys(entryErrors)
        .filter((key) => /^\d+$/.test(key))
        .map((key) => entryErrors[Number(key)]?.message)
        .find(Boolean)
    : undefined;
  const message = fieldState.error?.message ?? entryError;
  return (
    <TextField
      label="Service area"
      multiline
      minRows={4}
      maxRows={12}
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(entriesOf(event.target.value));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={
        message ??
        'One a line: a postcode (3070), a range of postcodes (3000-3207) or a suburb (Northcote). Other places are sent to the inquiry form.'
      }
    />
  );
}

/** Online booking of a free site measure: whether it is on, how long a visit takes, when and where visits can be booked. */
export function BookingSection({ booking, version }: { booking: SiteSettings['booking']; version: number }) {
  const values = useMemo<BookingForm>(() => ({ ...booking, weekly: booking.weekly, area: [...booking.area] }), [booking]);
  const form = useForm({ resolver: zodResolver(schema), values });
  const { submit, saving, problem, reload } = useSectionSave('booking', version, form);
  const enabled = useController({ control: form.control, name: 'enabled' });
  const { errors } = form.formState;
  const number = (
    name: 'visitMinutes' | 'bufferMinutes' | 'minNoticeHours' | 'horizonWeeks',
    label: string,
    hint: string,
    step: number,
  ) => (
    <TextField
      type="number"
      label={label}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? hint}
      slotProps={{ htmlInput: { step, min: 0, inputMode: 'numeric' } }}
      {...form.register(name, { valueAsNumber: true })}
    />
  );
  return (
    <SectionForm
      title={sectionTitles.booking}
      anchor="settings-booking"
      description="Customers book a free site measure on the booking page, in the free times these settings leave. Times are Melbourne time; only the parts inside the opening hours count, and no visit is offered on a closure."
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
    >
      <FormControlLabel
        control={
          <Switch
            checked={enabled.field.value}
            onChange={(event) => enabled.field.onChange(event.target.checked)}
            onBlur={enabled.field.onBlur}
            slotProps={{ input: { ref: enabled.field.ref } }}
          />
        }
        label="Customers can book a free measure online"
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {number('visitMinutes', 'Visit length in minutes', 'In steps of 15 minutes, such as 60', 15)}
        {number('bufferMinutes', 'Travel buffer in minutes', 'Kept free between two visits, in steps of 15 minutes', 15)}
        {number('minNoticeHours', 'Minimum notice in hours', 'How soon a visit can be booked, moved or cancelled online', 1)}
        {number('horizonWeeks', 'How far ahead in weeks', 'How many weeks ahead customers can book', 1)}
      </Box>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
        When visits can be booked
      </Typography>
      <WeekHours form={form} labels={bookingLabels} />
      <AreaField form={form} />
    </SectionForm>
  );
}
