import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SiteSettings } from '@site/domain';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { useMemo } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave, type SectionValue } from '../hooks/use-section-save';
import { SectionForm } from './section-form';
import { WeekHours, type WeekLabels } from './week-hours';

const schema = settingsSectionSchemas.hours;
type HoursForm = z.input<typeof schema>;
type HoursFormApi = UseFormReturn<HoursForm, unknown, SectionValue<'hours'>>;

const openingLabels: WeekLabels = {
  from: 'Opens',
  to: 'Closes',
  none: 'Closed',
  first: (day) => `Open on ${day}`,
  noun: 'hours',
  firstRange: { from: '08:00', to: '17:00' },
};

function Closures({ form }: { form: HoursFormApi }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'closures' });
  const { errors } = form.formState;
  const listError = errors.closures?.root?.message ?? errors.closures?.message;
  return (
    <Stack spacing={2}>
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Closures
      </Typography>
      <Typography color="text.secondary" variant="body2">
        Days the business is closed whatever the weekday, such as public holidays or a Christmas shutdown. Both days are included.
      </Typography>
      {fields.length === 0 ? <Typography color="text.secondary">No closures.</Typography> : null}
      {fields.map((field, index) => {
        const closureErrors = errors.closures?.[index];
        return (
          <Box key={field.id} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 2, minWidth: 0 }}>
            <Typography component="legend" variant="body2" sx={{ px: 0.5 }}>
              Closure {index + 1}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: '10rem 10rem 1fr auto' }, alignItems: 'start' }}>
              <TextField
                type="date"
                label="First day"
                error={Boolean(closureErrors?.from)}
                helperText={closureErrors?.from?.message}
                slotProps={{ inputLabel: { shrink: true } }}
                {...form.register(`closures.${index}.from`)}
              />
              <TextField
                type="date"
                label="Last day"
                error={Boolean(closureErrors?.to)}
                helperText={closureErrors?.to?.message}
                slotProps={{ inputLabel: { shrink: true } }}
                {...form.register(`closures.${index}.to`)}
              />
              <TextField
                label="Label"
                placeholder="Christmas shutdown"
                error={Boolean(closureErrors?.label)}
                helperText={closureErrors?.label?.message}
                sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                slotProps={{ htmlInput: { autoComplete: 'off' } }}
                {...form.register(`closures.${index}.label`)}
              />
              <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, pt: { md: 1 } }}>
                <Button color="error" size="small" onClick={() => remove(index)} aria-label={`Remove closure ${index + 1}`}>
                  Remove
                </Button>
              </Box>
            </Box>
          </Box>
        );
      })}
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <Box>
        <Button variant="outlined" onClick={() => append({ from: '', to: '', label: '' })}>
          Add a closure
        </Button>
      </Box>
    </Stack>
  );
}

/** The weekly opening hours (what "open now" and follow-up reminders count) and the days closed. */
export function HoursSection({ hours, version }: { hours: SiteSettings['hours']; version: number }) {
  const values = useMemo<HoursForm>(() => ({ weekly: hours.weekly, closures: hours.closures }), [hours]);
  const form = useForm({ resolver: zodResolver(schema), values });
  const { submit, saving, problem, reload } = useSectionSave('hours', version, form);
  return (
    <SectionForm
      title={sectionTitles.hours}
      anchor="settings-hours"
      description="When the business is open, in Melbourne time. Follow-up reminders count only these hours."
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
    >
      <WeekHours form={form} labels={openingLabels} />
      <Closures form={form} />
    </SectionForm>
  );
}
