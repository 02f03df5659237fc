import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OpeningRange } from '@site/domain';
import { useId } from 'react';
import { dayNames } from '#web/lib/dates.ts';
import { useFieldArray, type FieldArray, type FieldArrayPath, type FieldErrors, type Path, type UseFormReturn } from 'react-hook-form';

/** The settings keep the week Sunday first (as Date#getDay counts); the form lists it Monday first. */
const mondayFirst = [1, 2, 3, 4, 5, 6, 0];
const maxRangesPerDay = 3;

/** A form with a week of ranges, Sunday first: the opening hours and the booking hours. */
interface WeekForm {
  weekly: OpeningRange[][];
}

/** How one week's editor names its parts: "Opens" and "Closes", or "From" and "Until". */
export interface WeekLabels {
  from: string;
  to: string;
  /** What a day without ranges shows: "Closed", "No visits". */
  none: string;
  /** The button that gives such a day its first range: "Open on Monday", "Take visits on Monday". */
  first: (day: string) => string;
  /** What a range is, in the remove button's name: "hours", "booking hours". */
  noun: string;
  /** The first range of a day without any. */
  firstRange: OpeningRange;
}

/** A new range: the usual day when none, else the hour after the last one closes. */
function nextRange(last: OpeningRange | undefined, first: OpeningRange): OpeningRange {
  if (!last) return first;
  const [hours, minutes] = last.to.split(':').map(Number);
  const end = Math.min((hours || 0) * 60 + (minutes || 0) + 60, 23 * 60 + 59);
  const time = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return { from: last.to, to: time(end) };
}

const timeSlotProps = { inputLabel: { shrink: true } };

// react-hook-form cannot check a path inside a form type that is generic; these paths exist in
// every WeekForm, which is what the type parameter requires.
const path = <F extends WeekForm>(name: string) => name as Path<F>;

function DayRanges<F extends WeekForm, O>({ form, day, labels }: { form: UseFormReturn<F, unknown, O>; day: number; labels: WeekLabels }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: `weekly.${day}` as FieldArrayPath<F> });
  const errorId = useId();
  const errors = form.formState.errors as FieldErrors<WeekForm>;
  const dayError = form.getFieldState(path<F>(`weekly.${day}`), form.formState).error;
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
            {labels.none}
          </Typography>
        ) : null}
        {fields.map((field, index) => {
          const rangeErrors = errors.weekly?.[day]?.[index];
          const which = fields.length > 1 ? ` (${index + 1})` : '';
          return (
            <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                type="time"
                label={`${labels.from}${which}`}
                error={Boolean(rangeErrors?.from)}
                helperText={rangeErrors?.from?.message}
                slotProps={timeSlotProps}
                sx={{ flex: 1, minWidth: 0 }}
                {...form.register(path<F>(`weekly.${day}.${index}.from`))}
              />
              <TextField
                type="time"
                label={`${labels.to}${which}`}
                error={Boolean(rangeErrors?.to)}
                helperText={rangeErrors?.to?.message}
                slotProps={timeSlotProps}
                sx={{ flex: 1, minWidth: 0 }}
                {...form.register(path<F>(`weekly.${day}.${index}.to`))}
              />
              <IconButton aria-label={`Remove ${name}'s ${labels.noun}${which}`} onClick={() => remove(index)} sx={{ mt: 1 }}>
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
              aria-label={fields.length === 0 ? undefined : `Add ${labels.noun} on ${name}`}
              onClick={() =>
                append(
                  nextRange((form.getValues(path<F>(`weekly.${day}`)) as OpeningRange[]).at(-1), labels.firstRange) as FieldArray<
                    F,
                    FieldArrayPath<F>
                  >,
                )
              }
            >
              {fields.length === 0 ? labels.first(name) : `Add ${labels.noun}`}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}

/** A week of wall-clock ranges, Monday first, up to three a day: the opening hours and the hours visits can be booked. */
export function WeekHours<F extends WeekForm, O>({ form, labels }: { form: UseFormReturn<F, unknown, O>; labels: WeekLabels }) {
  return (
    <Stack spacing={2}>
      {mondayFirst.map((day) => (
        <DayRanges key={day} form={form} day={day} labels={labels} />
      ))}
    </Stack>
  );
}
