import {
  bookingInputSchema,
  bookingMessages,
  bookingServiceLabels,
  bookingServices,
  fieldErrors as zodFieldErrors,
  type BookingAvailability,
  type BookingService,
  type PublicBooking,
} from '@site/domain';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ActionButton } from '#web/components/action-button.tsx';
import { useBusiness } from '#web/lib/site-settings.ts';
import { getAvailability } from '../api/get-availability';
import { fieldErrors, refusal } from '../lib/booking-errors';
import type { BookingPlace } from '../lib/booking-place';
import { melbourneWhen } from '../lib/melbourne-time';
import { visitCalendar, visitCalendarHref } from '../lib/visit-calendar';
import { quotePrefillAttributes } from '#web/lib/quote-prefill.ts';
import styles from './booking.module.css';
import { SlotPicker } from './slot-picker';

// The contact step (MUI, the form libraries and the attachment picker) loads once the customer
// is on their way to it, never with the page.
const loadDetails = () => import('./booking-details');
const BookingDetails = lazy(loadDetails);

type Step = 'place' | 'outside' | 'time' | 'details' | 'done';

const headings: Record<Step, string> = {
  place: 'Your project and address',
  outside: 'We do not visit that area yet',
  time: 'Pick a day and time',
  details: 'Your details',
  done: 'Your measure is booked',
};

const stepNumber: Partial<Record<Step, number>> = { place: 1, time: 2, details: 3 };

const placeSchema = bookingInputSchema.pick({ service: true, street: true, suburb: true, postcode: true });

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

function TextInput(props: {
  name: keyof BookingPlace;
  label: string;
  autoComplete: string;
  defaultValue: string;
  error?: string;
  inputMode?: 'numeric';
  maxLength?: number;
}) {
  const { name, label, error, ...input } = props;
  const id = `booking-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        required
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A button that opens the project inquiry (the page's first script listens for it: app/islands/openers.ts). */
export function InquiryButton({ children }: { children: ReactNode }) {
  return (
    <ActionButton type="button" tone="dark" data-opens="inquiry">
      {children}
    </ActionButton>
  );
}

/**
 * Booking a free site measure, one step at a time: the service and the address (checked
 * against the service area), a day and a time from the free slots, the customer's details,
 * and the confirmation. The first step is plain HTML the server renders; its fields are read
 * when it is sent, so what was typed before the page's code arrived counts. Each new step's
 * heading takes the focus.
 */
export function BookingFlow() {
  const business = useBusiness();
  const [step, setStep] = useState<Step>('place');
  const [service, setService] = useState<BookingService | ''>('');
  const [place, setPlace] = useState<BookingPlace>({ street: '', suburb: '', postcode: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [availability, setAvailability] = useState<BookingAvailability | null>(null);
  const [day, setDay] = useState('');
  const [start, setStart] = useState('');
  const [timeError, setTimeError] = useState<string | undefined>();
  /** A message at the top of the times: the time just went, say. */
  const [timeNotice, setTimeNotice] = useState<string | null>(null);
  const [outsideMessage, setOutsideMessage] = useState('');
  const [booked, setBooked] = useState<{ booking: PublicBooking; email: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    if (shownStep.current !== step) heading.current?.focus();
    shownStep.current = step;
  }, [step]);

  const checkPlace = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const values = { service: read('service'), street: read('street'), suburb: read('suburb'), postcode: read('postcode') };
    setPlace({ street: values.street, suburb: values.suburb, postcode: values.postcode });
    setService(bookingServices.find((value) => value === values.service) ?? '');
    setProblem(null);
    const parsed = placeSchema.safeParse(values);
    if (!parsed.success) {
      const found = zodFieldErrors(parsed.error);
      setErrors(found);
      const first = ['service', 'street', 'suburb', 'postcode'].find((name) => found[name]);
      const form = event.currentTarget;
      form.querySelector<HTMLInputElement>(first === 'service' ? 'input[name="service"]' : `#booking-${first}`)?.focus();
      return;
    }
    setErrors({});
    setChecking(true);
    try {
      const answer = await getAvailability({ postcode: parsed.data.postcode, suburb: parsed.data.suburb });
      showTimes(answer);
    } catch (error) {
      const found = fieldErrors(error);
      const message = refusal(error);
      if (message === bookingMessages.outsideArea || found.postcode === bookingMessages.outsideArea) {
        setOutsideMessage(bookingMessages.outsideArea);
        setStep('outside');
      } else if (Object.keys(found).length > 0) {
        setErrors(found);
      } else {
        setProblem(message ?? `We could not check the free times just now. Please try again, or call us on ${business.phone}.`);
      }
    } finally {
      setChecking(false);
    }
  };

  function showTimes(answer: BookingAvailability, notice: string | null = null) {
    setAvailability(answer);
    setDay(answer.days[0]?.date ?? '');
    setStart('');
    setTimeError(undefined);
    setTimeNotice(notice);
    setStep('time');
  }

  const chooseTime = (event: FormEvent) => {
    event.preventDefault();
    if (!start) {
      setTimeError(bookingMessages.start);
      return;
    }
    void loadDetails();
    setStep('details');
  };

  const stepOf = stepNumber[step];
  return (
    <section className={styles.flow} aria-labelledby="booking-step-heading">
      {stepOf ? <p className={styles.progress}>Step {stepOf} of 3</p> : null}
      <h2 id="booking-step-heading" ref={heading} tabIndex={-1} className={styles.heading}>
        {headings[step]}
      </h2>

      {step === 'place' ? (
        <form className={styles.form} noValidate onSubmit={(event) => void checkPlace(event)}>
          <p className={styles.intro}>Tell us what to measure and where: we check that we visit your area, then show the free times.</p>
          <fieldset className={styles.group} aria-describedby={errors.service ? 'booking-service-error' : undefined}>
            <legend className={styles.legend}>Service</legend>
            <div className={styles.choices}>
              {bookingServices.map((value) => (
                <label key={value} className={styles.choice}>
                  <input type="radio" name="service" value={value} defaultChecked={service === value} required />
                  <span>{bookingServiceLabels[value]}</span>
                </label>
              ))}
            </div>
            <FieldError id="booking-service-error" message={errors.service} />
          </fieldset>
          <TextInput
            name="street"
            label="Street address"
            autoComplete="address-line1"
            defaultValue={place.street}
            error={errors.street}
            maxLength={120}
          />
          <div className={styles.pair}>
            <TextInput
              name="suburb"
              label="Suburb"
              autoComplete="address-level2"
              defaultValue={place.suburb}
              error={errors.suburb}
              maxLength={100}
            />
            <TextInput
              name="postcode"
              label="Postcode"
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={4}
              defaultValue={place.postcode}
              error={errors.postcode}
            />
          </div>
          {problem ? (
            <p role="alert" className={styles.error}>
              {problem}
            </p>
          ) : null}
          <div className={styles.actions}>
            <ActionButton type="submit" tone="gold" disabled={checking}>
              {checking ? 'Checking…' : 'Show free times'}
            </ActionButton>
          </div>
        </form>
      ) : null}

      {step === 'outside' ? (
        <div className={styles.form}>
          <p>{outsideMessage}</p>
          <div className={styles.actions}>
            {/* The quote request, with what the customer typed here already in it (features/quote/quote-prefill.ts). */}
            <ActionButton
              type="button"
              tone="dark"
              data-opens="quote"
              {...quotePrefillAttributes({
                ...(service ? { room: bookingServiceLabels[service] } : {}),
                suburb: `${place.suburb} ${place.postcode}`,
              })}
            >
              Send an inquiry
            </ActionButton>
            <button type="button" className={styles.textButton} onClick={() => setStep('place')}>
              Change the address
            </button>
          </div>
        </div>
      ) : null}

      {step === 'time' && availability ? (
        <form className={styles.form} noValidate onSubmit={chooseTime}>
          {timeNotice ? (
            <p role="alert" className={styles.notice}>
              {timeNotice}
            </p>
          ) : null}
          {availability.days.length > 0 ? (
            <SlotPicker
              days={availability.days}
              day={day}
              start={start}
              onDay={(date) => {
                setDay(date);
                setStart('');
              }}
              onStart={(value) => {
                setStart(value);
                setTimeError(undefined);
                void loadDetails();
              }}
              error={timeError}
            />
          ) : (
            <p>There are no free times in the coming weeks. Send us an inquiry and we will find a time with you.</p>
          )}
          <div className={styles.actions}>
            <button type="button" className={styles.textButton} onClick={() => setStep('place')}>
              Back
            </button>
            {availability.days.length > 0 ? (
              <ActionButton type="submit" tone="gold">
                Continue
              </ActionButton>
            ) : (
              <InquiryButton>Send an inquiry</InquiryButton>
            )}
          </div>
        </form>
      ) : null}

      {step === 'details' && service ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <BookingDetails
            service={service}
            place={place}
            start={start}
            onBack={() => setStep('time')}
            onBooked={(booking, email) => {
              setBooked({ booking, email });
              setStep('done');
            }}
            onSlotTaken={(message, fresh) => showTimes(fresh, message)}
            onTimeRefused={(message) => {
              setTimeError(message);
              setStep('time');
            }}
            onPlaceRefused={(found) => {
              setErrors(found);
              setStep('place');
            }}
          />
        </Suspense>
      ) : null}

      {step === 'done' && booked ? <BookedVisit booking={booked.booking} email={booked.email} /> : null}
    </section>
  );
}

/**
 * The confirmation under its heading ("Your measure is booked"): when and where, what happens
 * next, and the visit as a calendar file.
 */
function BookedVisit({ booking, email }: { booking: PublicBooking; email: string }) {
  const business = useBusiness();
  const calendar = visitCalendarHref(visitCalendar(booking, business));
  return (
    <div className={styles.form}>
      <p className={styles.confirmation}>{melbourneWhen(booking.start)}</p>
      <p className={styles.muted}>
        {bookingServiceLabels[booking.service]} measure at {booking.street}, {booking.suburb} {booking.postcode}. Times are in Melbourne
        time.
      </p>
      <p>We have emailed an invite for your calendar to {email}.</p>
      <h3 className={styles.nextHeading}>What happens next</h3>
      <ul className={styles.nextSteps}>
        <li>We&apos;ll email you, and text your mobile, a reminder the day before.</li>
        <li>Have any plans, photos or pictures of ideas you like ready: we can talk them through on the spot.</li>
        <li>You can move or cancel the visit from the link in your email, until {melbourneWhen(booking.changeUntil)}.</li>
      </ul>
      <div className={styles.actions}>
        <a href={calendar} download="site-measure.ics" className={styles.calendarLink}>
          Add to calendar
        </a>
      </div>
    </div>
  );
}
