import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { bookingInputSchema, bookingServiceLabels, type BookingAvailability, type BookingService, type PublicBooking } from '@site/domain';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import DialogProviders from '#web/components/dialog-providers.tsx';
import { LeadForm, LeadSubmitButton, useLeadForm } from '#web/components/lead-form.tsx';
import { textFieldProps } from '#web/lib/form-field.ts';
import { useBusiness } from '#web/lib/site-settings.ts';
import { createBooking } from '../api/create-booking';
import { fieldErrors, refusal, slotTaken } from '../lib/booking-errors';
import type { BookingPlace } from '../lib/booking-place';
import { melbourneWhen } from '../lib/melbourne-time';
import styles from './booking.module.css';

const contactSchema = bookingInputSchema.pick({ firstName: true, lastName: true, email: true, mobile: true, notes: true });
type ContactField = 'firstName' | 'lastName' | 'email' | 'mobile' | 'notes';
const contactFields: readonly ContactField[] = ['firstName', 'lastName', 'email', 'mobile', 'notes'];
const placeFields = ['service', 'street', 'suburb', 'postcode'];

export interface BookingDetailsProps {
  service: BookingService;
  place: BookingPlace;
  /** The chosen start (an instant). */
  start: string;
  onBack: () => void;
  onBooked: (booking: PublicBooking, email: string) => void;
  /** 409: the time went meanwhile; the free times as they are now. */
  onSlotTaken: (message: string, availability: BookingAvailability) => void;
  /** The time was refused (past, or no longer offered). */
  onTimeRefused: (message: string) => void;
  /** The address was refused, with the fields' messages. */
  onPlaceRefused: (errors: Record<string, string>) => void;
}

/**
 * The customer's details, the last step before the booking: name, email, mobile and notes,
 * photos and plans as on the inquiry, the optional marketing consent and the collection
 * notice. It sends the booking and says where each refusal belongs.
 */
function BookingDetailsForm({ service, place, start, onBack, onBooked, onSlotTaken, onTimeRefused, onPlaceRefused }: BookingDetailsProps) {
  const business = useBusiness();
  const form = useForm({
    resolver: zodResolver(contactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: { firstName: '', lastName: '', email: '', mobile: '', notes: '' },
  });
  const lead = useLeadForm({ open: true, onClose: onBack, reset: () => form.reset() });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event?: FormEvent) =>
    form.handleSubmit(async (values) => {
      setProblem(null);
      const extras = await lead.finish();
      if (!extras) return;
      setSending(true);
      const notes = values.notes?.trim();
      try {
        const { booking } = await createBooking({
          service,
          start,
          ...place,
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          mobile: values.mobile,
          ...(notes ? { notes } : {}),
          ...extras,
        });
        onBooked(booking, values.email);
      } catch (error) {
        setSending(false);
        const taken = slotTaken(error);
        if (taken) return onSlotTaken(taken.message, taken.availability);
        const found = fieldErrors(error);
        if (found.start) return onTimeRefused(found.start);
        if (placeFields.some((name) => found[name])) return onPlaceRefused(found);
        const mine = contactFields.filter((name) => found[name]);
        if (mine.length > 0) {
          mine.forEach((name, index) => form.setError(name, { message: found[name] }, { shouldFocus: index === 0 }));
          return;
        }
        setProblem(refusal(error) ?? `We could not book your measure just now. Please try again, or call us on ${business.phone}.`);
      }
    })(event);

  const field = (name: ContactField) => textFieldProps(form, name);
  return (
    <div className={styles.form}>
      <p className={styles.summary}>
        {bookingServiceLabels[service]} measure on {melbourneWhen(start)} (Melbourne time), at {place.street}, {place.suburb}{' '}
        {place.postcode}.
      </p>
      <LeadForm id="booking-details-form" onSubmit={submit} {...lead.formProps}>
        <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField label="Mobile" type="tel" autoComplete="tel" required {...field('mobile')} />
        <TextField
          label="Notes (optional)"
          multiline
          minRows={3}
          {...field('notes')}
          sx={{ gridColumn: { sm: 'span 2' } }}
          helperText={form.formState.errors.notes?.message ?? 'Access, parking, what you have in mind'}
        />
      </LeadForm>
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className={styles.textButton} onClick={onBack}>
          Back
        </button>
        <LeadSubmitButton form="booking-details-form" attachments={lead.attachments} sending={sending} sendingText="Booking…">
          Book my measure
        </LeadSubmitButton>
      </div>
    </div>
  );
}

/** The details step with what its MUI parts need (the theme, the query client, toasts). */
export default function BookingDetails(props: BookingDetailsProps) {
  return (
    <DialogProviders>
      <BookingDetailsForm {...props} />
    </DialogProviders>
  );
}
