import { zodResolver } from '@hookform/resolvers/zod';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SiteSettings } from '@site/domain';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { useId, useMemo } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave, type SectionValue } from '../hooks/use-section-save';
import { SectionForm } from './section-form';

const schema = settingsSectionSchemas.hours;
type HoursForm = z.input<typeof schema>;
type HoursFormApi = UseFormReturn<HoursForm, unknown, SectionValue<'hours'>>;

/** The settings keep the week Sunday first (as Date#getDay counts); the form lists it Monday first. */
const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const mondayFirst = [1, 2, 3, 4, 5, 6, 0];
const maxRangesPerDay = 3;

/** A new range: the usual day when none, else the hour after the last one closes. */
function nextRange(last: { from: string; to: string } | undefined) {
  if (!last) return { from: '08:00', to: '17:00' };
  const [hours, minutes] = last.to.split(':').map(Number);
  const end = Math.min((hours || 0) * 60 + (minutes || 0) + 60, 23 * 60 + 59);
  const time = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { from: last.to, to: time(end) };
}

const timeSlotProps = { inputLabel: { shrink: true } };

function DayHours({ form, day }: { form: HoursFormApi; day: number }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `weekly.${day}` });
  const errorId = useId();
  const { errors } = form.formState;
  const dayError = form.getFieldState(`weekly.${day}`, form.formState).error;
  const dayMessage = dayError?.message ?? dayError?.root?.message;
  const name = dayNames[day];
  return (
    // The legend floats beside the day's hours on wider screens: a fieldset's legend is no grid or flex item.
    <Box component="fieldset" aria-describedby={dayMessage ? errorId : undefined} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography
        component="legend"
        sx={{ fontWeight: 600, float: 'left', width: { xs: '100%', sm: '7rem' }, p: 0, pt: { sm: 1 }, mb: { xs: 1, sm: 0 } }}
      >
        {name}
      </Typography>
      <Stack spacing={1.5} sx={{ clear: { xs: 'both', sm: 'none' }, ml: { sm: '7rem' } }}>
        {fields.length === 0 ? (
          <Typography color="text.secondary" sx={{ pt: { sm: 1 } }}>
            Closed
          </Typography>
        ) : null}
        {fields.map((field, index) => {
          const rangeErrors = errors.weekly?.[day]?.[index];
          const which = fields.length > 1 ? ` (${index + 1})` : '';
          return (
            <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                type="time"
                label={`Opens${which}`}
                error={Boolean(rangeErrors?.from)}
                helperText={rangeErrors?.from?.message}
                slotProps={timeSlotProps}
                sx={{ flex: 1, minWidth: 0 }}
                {...form.register(`weekly.${day}.${index}.from`)}
              />
              <TextField
                type="time"
                label={`Closes${which}`}
                error={Boolean(rangeErrors?.to)}
                helperText={rangeErrors?.to?.message}
                slotProps={timeSlotProps}
                sx={{ flex: 1, minWidth: 0 }}
                {...form.register(`weekly.${day}.${index}.to`)}
              />
              <IconButton aria-label={`Remove ${name}'s hours${which}`} onClick={() => remove(index)} sx={{ mt: 1 }}>
                <DeleteOutlined />
              </IconButton>
            </Stack>
          );
        })}
        {dayMessage ? (
          <FormHelperText id={errorId} error>
            {dayMessage}
          </FormHelperText>
        ) : null}
        {fields.length < maxRangesPerDay ? (
          <Box>
            <Button
              size="small"
              aria-label={fields.length === 0 ? undefined : `Add hours on ${name}`}
              onClick={() => append(nextRange(form.getValues(`weekly.${day}`).at(-1)))}
            >
              {fields.length === 0 ? `Open on ${name}` : 'Add hours'}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

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
      <Stack spacing={2}>
        {mondayFirst.map((day) => (
          <DayHours key={day} form={form} day={day} />
        ))}
      </Stack>
      <Closures form={form} />
    </SectionForm>
  );
}
