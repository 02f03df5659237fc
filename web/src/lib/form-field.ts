import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/**
 * A text field's props from react-hook-form: its registration (the input's ref as MUI's
 * inputRef) and its error, shown under it. Full width, as every field of the site's dialogs is.
 */
export function textFieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...rest } = form.register(name);
  const error = get<typeof form.formState.errors, FieldError | undefined>(form.formState.errors, name);
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message, fullWidth: true };
}
