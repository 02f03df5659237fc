import type { BookingAvailability } from '@site/domain';
import { ApiRequestError } from '#web/lib/api-client.ts';

/** The field messages of a 400 answer (`{message, errors: {field: text}}`), none for any other. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  return error.body?.errors ?? {};
}

/** A 409's fresh slots, when the time went meanwhile. */
export function slotTaken(error: unknown): { message: string; availability: BookingAvailability } | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const body = error.body as { message?: string; availability?: BookingAvailability } | null;
  if (!body?.availability || !body.message) return null;
  return { message: body.message, availability: body.availability };
}

/** The server's own sentence for a refusal (4xx), null for a fault or no connection. */
export function refusal(error: unknown): string | null {
  if (!(error instanceof ApiRequestError) || error.status < 400 || error.status >= 500) return null;
  return error.body?.message ?? null;
}
