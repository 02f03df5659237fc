import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { limits } from '@site/domain';
import type { FormEventHandler } from 'react';

interface NoteFieldsProps {
  name: string;
  /** The note's field as the form registers it; none while the form's code is on its way. */
  field?: Pick<TextFieldProps, 'name' | 'onChange' | 'onBlur' | 'inputRef'>;
  onSubmit?: FormEventHandler;
  error?: string;
  length?: number;
  saving?: boolean;
}

/**
 * The note box and its button, drawn the same by the form and by its stand-in while the form's
 * code loads (disabled then), so the card keeps its height when the form arrives.
 */
export function NoteFields({ name, field, onSubmit, error, length = 0, saving = false }: NoteFieldsProps) {
  const ready = field !== undefined;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} sx={{ mt: 1 }}>
      <TextField
        {...field}
        label="Add a note"
        multiline
        minRows={2}
        size="small"
        disabled={!ready}
        error={error !== undefined}
        helperText={error ?? `${length} / ${limits.leadNoteMaxLength.toLocaleString('en-AU')}`}
        slotProps={{ htmlInput: { 'aria-label': `Note about ${name}` } }}
      />
      <Box>
        <Button type="submit" size="small" variant="contained" disabled={!ready || saving}>
          {saving ? 'Saving...' : 'Add note'}
        </Button>
      </Box>
    </Stack>
  );
}
