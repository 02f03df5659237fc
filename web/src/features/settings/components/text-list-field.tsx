import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, type HTMLInputTypeAttribute } from 'react';
import type { RefCallBack } from 'react-hook-form';

/**
 * A list of short texts (staff email addresses, mobile numbers) to add to and remove from. A
 * new box takes the focus, and removing one moves it to the Add button, so the list works
 * from the keyboard.
 */
export function TextListField({
  legend,
  itemLabel,
  addLabel,
  emptyText,
  values,
  onChange,
  onBlur,
  inputRef,
  itemError,
  listError,
  max,
  type,
  autoComplete,
}: {
  legend: string;
  /** Each box's label, naming which one it is: "Staff email 2". */
  itemLabel: (index: number) => string;
  addLabel: string;
  emptyText: string;
  values: string[];
  onChange: (values: string[]) => void;
  onBlur: () => void;
  /** The first box, for the form to focus when the list has an error. */
  inputRef: RefCallBack;
  itemError: (index: number) => string | undefined;
  listError?: string;
  max: number;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
}) {
  const listErrorId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  /** The box just added, focused as it appears. */
  const focusWhenShown = useRef<number | null>(null);

  return (
    <Box component="fieldset" aria-describedby={listError ? listErrorId : undefined} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, p: 0, mb: 1 }}>
        {legend}
      </Typography>
      <Stack spacing={1.5}>
        {values.length === 0 ? <Typography color="text.secondary">{emptyText}</Typography> : null}
        {values.map((value, index) => {
          const error = itemError(index);
          return (
            // The values' order is their identity here: the boxes are controlled, so a removal shifts values, not focus.
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                type={type}
                label={itemLabel(index)}
                value={value}
                onChange={(event) => onChange(values.map((old, i) => (i === index ? event.target.value : old)))}
                onBlur={onBlur}
                inputRef={(element: HTMLInputElement | null) => {
                  if (index === 0) inputRef(element);
                  if (element && focusWhenShown.current === index) {
                    focusWhenShown.current = null;
                    element.focus();
                  }
                }}
                error={Boolean(error)}
                helperText={error}
                fullWidth
                slotProps={{ htmlInput: { autoComplete } }}
              />
              <IconButton
                aria-label={`Remove ${itemLabel(index).toLowerCase()}`}
                onClick={() => {
                  onChange(values.filter((_, i) => i !== index));
                  // The button pressed goes with its row.
                  addButton.current?.focus();
                }}
                sx={{ mt: 1 }}
              >
                <DeleteOutlined />
              </IconButton>
            </Stack>
          );
        })}
        {listError ? (
          <FormHelperText id={listErrorId} error>
            {listError}
          </FormHelperText>
        ) : null}
        <Box>
          <Button
            ref={addButton}
            variant="outlined"
            size="small"
            disabled={values.length >= max}
            onClick={() => {
              focusWhenShown.current = values.length;
              onChange([...values, '']);
            }}
          >
            {addLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
