import type { PublicSettings } from '@site/domain';

/** Whether customers can book a measure online: the booking settings' switch (off hides the booking actions). */
export function bookingEnabled(settings: PublicSettings): boolean {
  return settings.booking.enabled;
}
