/**
 * The booking API's input schemas (zod), apart from ./booking's definitions so that what only
 * reads the booking settings (the admin dashboard's first screen) does not load zod.
 */
import { z } from 'zod';
import { attachmentsInputSchema } from './attachment-schemas';
import { bookingMessages, bookingServices } from './booking';
import { leadSourceSchema } from './lead-source-schema';
import { limits } from './limits';
import { messages } from './records';
import { cleanText } from './schemas';

// ---------------------------------------------------------------- input schemas

const line = (message: string, max: number, min = 1) => z.string({ error: message }).trim().min(min, message).max(max, message);
const instant = z.iso.datetime({ error: bookingMessages.start });
const postcode = z
  .string({ error: bookingMessages.postcode })
  .trim()
  .regex(/^\d{4}$/, bookingMessages.postcode);

/** An Australian mobile: 04xx xxx xxx, written any usual way (+61 4.., spaces, dashes). */
export const australianMobilePattern = /^(?:\+?61\s*\(?0?\)?\s*|0)4(?:[\s-]*\d){8}$/;
const mobile = z
  .string({ error: bookingMessages.mobile })
  .trim()
  .max(30, bookingMessages.mobile)
  .regex(australianMobilePattern, bookingMessages.mobile);

/** `GET /api/booking/availability?postcode=&suburb=`: the place is checked against the area first. */
export const availabilityQuerySchema = z.object({
  postcode,
  suburb: line(messages.suburbRequired, 100).optional(),
});

/** `POST /api/bookings`: the customer's booking (with the honeypot field as on the other forms). */
export const bookingInputSchema = z.object({
  service: z.enum(bookingServices, { error: bookingMessages.service }),
  start: instant,
  street: cleanText(line(bookingMessages.street, 120), 'Street address', 'line'),
  suburb: line(messages.suburbRequired, 100),
  postcode,
  firstName: line(messages.firstNameRequired, limits.nameMaxLength),
  lastName: line(messages.lastNameRequired, limits.nameMaxLength),
  email: z.string({ error: messages.emailInvalid }).trim().max(254, messages.emailInvalid).pipe(z.email(messages.emailInvalid)),
  mobile,
  notes: cleanText(z.string({ error: bookingMessages.notes }).trim().max(1000, bookingMessages.notes), 'Notes', 'lines').optional(),
  attachments: attachmentsInputSchema.optional(),
  source: leadSourceSchema.optional(),
  marketingConsent: z.boolean({ error: 'Marketing consent must be true or false' }).optional(),
});
export type BookingInput = z.infer<typeof bookingInputSchema>;

/** `POST /api/bookings/manage` with the link's token: move the visit (`start`) or cancel it (`cancel: true`). */
export const bookingChangeSchema = z.union([
  z.object({ token: z.string({ error: bookingMessages.linkInvalid }).max(400), start: instant }),
  z.object({ token: z.string({ error: bookingMessages.linkInvalid }).max(400), cancel: z.literal(true) }),
]);

/** `GET /api/bookings?from=&to=` (staff): the calendar between two instants, at most 62 days apart. */
export const bookingCalendarQuerySchema = z.object({
  from: z.iso.datetime({ error: bookingMessages.calendarRange }),
  to: z.iso.datetime({ error: bookingMessages.calendarRange }),
});

export const nextVisitMessage = 'Give from as a time, such as 2026-12-07T13:00:00.000Z';

/** `GET /api/bookings/next?from=` (staff): the first booked visit starting at or after `from`. */
export const nextVisitQuerySchema = z.object({ from: z.iso.datetime({ error: nextVisitMessage }) });

/** `PATCH /api/bookings/:id` (staff): a new start, or `status: 'cancelled'`. */
export const bookingStaffChangeSchema = z.union([z.object({ start: instant }), z.object({ status: z.literal('cancelled') })]);

/** `POST /api/bookings/blocks` (staff): time kept free of visits. */
export const bookingBlockInputSchema = z
  .object({
    start: z.iso.datetime({ error: bookingMessages.blockRange }),
    end: z.iso.datetime({ error: bookingMessages.blockRange }),
    label: cleanText(line(bookingMessages.blockLabel, 80), 'Label', 'line'),
  })
  .refine(({ start, end }) => Date.parse(end) > Date.parse(start) && Date.parse(end) - Date.parse(start) <= 31 * 86_400_000, {
    message: bookingMessages.blockRange,
    path: ['end'],
  });
export type BookingBlockInput = z.infer<typeof bookingBlockInputSchema>;
