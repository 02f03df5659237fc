import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState, type Ref } from 'react';

const parse = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * A number that may also be "none" (null): a follow-up delay that can be off, a retention
 * that can be "until someone asks". Two choices, and the number's box under the second. An
 * unreadable number becomes NaN, which the section's schema refuses with its own message.
 */
export function NullableNumberField({
  legend,
  noneLabel,
  numberChoiceLabel,
  numberLabel,
  helperText,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  fallback,
  min,
  max,
  step,
}: {
  legend: string;
  noneLabel: string;
  numberChoiceLabel: string;
  numberLabel: string;
  helperText: string;
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  /** The number offered when the second choice is picked and nothing was typed yet. */
  fallback: number;
  min: number;
  max: number;
  step: number;
}) {
  const legendId = useId();
  const [text, setText] = useState(String(value ?? fallback));
  // The box shows what was typed ("1." on the way to "1.5") unless the form's value changed under it (a reload).
  const shown = value !== null && !Object.is(parse(text), value) ? String(value) : text;
  const choose = (choice: string) => {
    if (choice === 'none') return onChange(null);
    const typed = parse(shown);
    onChange(Number.isNaN(typed) ? fallback : typed);
  };
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" id={legendId}>
        {legend}
      </FormLabel>
      <RadioGroup aria-labelledby={legendId} value={value === null ? 'none' : 'number'} onChange={(event) => choose(event.target.value)}>
        <FormControlLabel
          value="none"
          control={<Radio slotProps={{ input: { ref: value === null ? inputRef : undefined } }} />}
          label={noneLabel}
        />
        <FormControlLabel value="number" control={<Radio />} label={numberChoiceLabel} />
      </RadioGroup>
      {value !== null ? (
        <TextField
          type="number"
          label={numberLabel}
          value={shown}
          onChange={(event) => {
            setText(event.target.value);
            onChange(parse(event.target.value));
          }}
          onBlur={onBlur}
          inputRef={inputRef}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ htmlInput: { min, max, step, inputMode: 'decimal' } }}
          sx={{ mt: 1, maxWidth: 280 }}
        />
      ) : error ? (
        <FormHelperText>{error}</FormHelperText>
      ) : null}
    </FormControl>
  );
}
