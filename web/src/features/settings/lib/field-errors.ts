import type { SettingsSection } from '@site/domain';

/**
 * The server's 400 `errors` that belong to one section, named as that section's form names its
 * fields: `business.phone` is the business form's `phone`, `hours.closures.0.to` the hours
 * form's `closures.0.to`. The server also keys the section's first message by the section's
 * name alone; that one has no field. In the server's order, which is the form's.
 */
export function sectionFieldErrors(errors: Record<string, string>, section: SettingsSection): Array<{ name: string; message: string }> {
  const prefix = `${section}.`;
  return Object.entries(errors)
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, message]) => ({ name: key.slice(prefix.length), message }));
}

/** The first message in a form's nested errors, in the form's order (react-hook-form keeps each field's element under `ref`). */
export function firstErrorMessage(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') continue;
    const found = firstErrorMessage(value);
    if (found) return found;
  }
  return undefined;
}
