import type { BookingSettings, PublicSettings } from '@site/domain';

/**
 * Whether customers can book a measure online: the booking settings' switch. Settings saved
 * before booking existed have none, and booking is then on (its default).
 */
export function bookingEnabled(settings: PublicSettings): boolean {
  const booking = (settings as PublicSettings & { booking?: Partial<BookingSettings> }).booking;
  return booking?.enabled !== false;
}
