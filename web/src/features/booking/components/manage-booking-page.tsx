import { bookingMessages, bookingServiceLabels, type BookingAvailability, type PublicBooking } from '@site/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ActionButton } from '#web/components/action-button.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { useBusiness } from '#web/lib/site-settings.ts';
import layout from '#web/styles/layout.module.css';
import { changeManagedBooking, getManagedBooking } from '../api/manage-booking';
import { fieldErrors, refusal, slotTaken } from '../lib/booking-errors';
import { melbourneWhen } from '../lib/melbourne-time';
import styles from './booking.module.css';
import { SlotPicker } from './slot-picker';
import { businessTimeZone } from '@site/domain/calendar';

type View =
  | { view: 'loading' }
  | { view: 'refused'; message: string }
  | { view: 'visit'; booking: PublicBooking; availability?: BookingAvailability; notice?: string }
  | { view: 'moving'; booking: PublicBooking; availability: BookingAvailability; notice?: string }
  | { view: 'cancelling'; booking: PublicBooking }
  | { view: 'cancelled'; booking: PublicBooking; justNow: boolean };

const headingOf = (state: View): string =>
  state.view === 'loading'
    ? 'Your site measure'
    : state.view === 'refused'
      ? 'This link cannot be used'
      : state.view === 'moving'
        ? 'Pick a new time'
        : state.view === 'cancelling'
          ? 'Cancel your measure?'
          : state.view === 'cancelled'
            ? 'Your measure is cancelled'
            : 'Your site measure';

/** Whole hours between two instants: the minimum notice, as the link's `changeUntil` gives it. */
const hoursBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 3_600_000);

/**
 * A customer's own link from their booking's confirmation (`/book/manage?t=…`), with no
 * sign-in: the visit, a new time from the free slots or a cancellation (asked again first),
 * until online changes close; the server's message for a link that is not valid any more.
 */
export default function ManageBookingPage() {
  const business = useBusiness();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [state, setState] = useState<View>({ view: 'loading' });
  const [day, setDay] = useState('');
  const [start, setStart] = useState('');
  const [timeError, setTimeError] = useState<string | undefined>();
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<string>('loading');

  const failed = (error: unknown) =>
    refusal(error) ?? `We could not reach our booking system just now. Please try again, or call us on ${business.phone}.`;

  useEffect(() => {
    let current = true;
    getManagedBooking(token).then(
      ({ booking, availability }) => {
        if (!current) return;
        setState(
          booking.status === 'cancelled' ? { view: 'cancelled', booking, justNow: false } : { view: 'visit', booking, availability },
        );
      },
      (error: unknown) => current && setState({ view: 'refused', message: failed(error) }),
    );
    return () => {
      current = false;
    };
    // The link's token is the page's whole input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // Each new view is announced by moving focus to its heading (not when the page first shows the visit).
  useEffect(() => {
    if (shown.current !== 'loading' && shown.current !== state.view) heading.current?.focus();
    shown.current = state.view;
  }, [state.view]);

  const pickTimes = (booking: PublicBooking, availability: BookingAvailability, notice?: string) => {
    setDay(availability.days[0]?.date ?? '');
    setStart('');
    setTimeError(undefined);
    setProblem(null);
    setState({ view: 'moving', booking, availability, ...(notice ? { notice } : {}) });
  };

  const startMoving = async (booking: PublicBooking, availability?: BookingAvailability) => {
    if (availability) return pickTimes(booking, availability);
    setWorking(true);
    try {
      const fresh = await getManagedBooking(token);
      pickTimes(fresh.booking, fresh.availability ?? { timeZone: businessTimeZone, visitMinutes: 0, days: [] });
    } catch (error) {
      setProblem(failed(error));
    } finally {
      setWorking(false);
    }
  };

  const move = async (event: FormEvent, booking: PublicBooking) => {
    event.preventDefault();
    if (!start) return setTimeError(bookingMessages.start);
    setWorking(true);
    setProblem(null);
    try {
      const answer = await changeManagedBooking({ token, start });
      setState({ view: 'visit', booking: answer.booking, notice: `Your measure is moved to ${melbourneWhen(answer.booking.start)}.` });
    } catch (error) {
      const taken = slotTaken(error);
      if (taken) return pickTimes(booking, taken.availability, taken.message);
      const found = fieldErrors(error);
      if (found.start) return setTimeError(found.start);
      setProblem(failed(error));
    } finally {
      setWorking(false);
    }
  };

  const cancel = async (booking: PublicBooking) => {
    setWorking(true);
    setProblem(null);
    try {
      const answer = await changeManagedBooking({ token, cancel: true });
      setState({ view: 'cancelled', booking: answer.booking ?? booking, justNow: true });
    } catch (error) {
      setProblem(failed(error));
    } finally {
      setWorking(false);
    }
  };

  const visitLine = (booking: PublicBooking) =>
    `${bookingServiceLabels[booking.service]} measure on ${melbourneWhen(booking.start)}, at ${booking.street}, ${booking.suburb} ${booking.postcode}.`;

  return (
    <>
      <PageMeta title="Your site measure" description={`Move or cancel your free measure with ${business.brand}.`} keywords="" noindex />
      <section className={layout.section}>
        <div className={layout.small}>
          <div className={styles.flow}>
            <h1 ref={heading} tabIndex={-1} className={styles.heading}>
              {headingOf(state)}
            </h1>
            {state.view === 'loading' ? <p role="status">Loading your booking…</p> : null}

            {state.view === 'refused' ? (
              <>
                <p role="alert">{state.message}</p>
                <p>
                  To book or change a measure, call {business.brand} on <a href={`tel:${business.phoneHref}`}>{business.phone}</a>.
                </p>
              </>
            ) : null}

            {state.view === 'visit' ? (
              <div className={styles.form}>
                {state.notice ? (
                  <p role="status" className={styles.confirmation}>
                    {state.notice}
                  </p>
                ) : null}
                <p className={styles.visit}>
                  Hi {state.booking.firstName}, this is your {visitLine(state.booking)}
                </p>
                <p className={styles.muted}>Times are in Melbourne time.</p>
                {state.booking.canChange ? (
                  <>
                    <p>
                      You can move or cancel it here until {melbourneWhen(state.booking.changeUntil)}. After that, please call us on{' '}
                      <a href={`tel:${business.phoneHref}`}>{business.phone}</a>.
                    </p>
                    <div className={styles.actions}>
                      <ActionButton
                        type="button"
                        tone="gold"
                        disabled={working}
                        onClick={() => void startMoving(state.booking, state.availability)}
                      >
                        Pick a new time
                      </ActionButton>
                      <button
                        type="button"
                        className={styles.textButton}
                        onClick={() => setState({ view: 'cancelling', booking: state.booking })}
                      >
                        Cancel the measure
                      </button>
                    </div>
                  </>
                ) : (
                  <p role="status">
                    {bookingMessages.tooLateToChange(hoursBetween(state.booking.changeUntil, state.booking.start))} Our number is{' '}
                    <a href={`tel:${business.phoneHref}`}>{business.phone}</a>.
                  </p>
                )}
              </div>
            ) : null}

            {state.view === 'moving' ? (
              <form className={styles.form} noValidate onSubmit={(event) => void move(event, state.booking)}>
                {state.notice ? (
                  <p role="alert" className={styles.notice}>
                    {state.notice}
                  </p>
                ) : null}
                <p className={styles.muted}>Now: {visitLine(state.booking)}</p>
                {state.availability.days.length > 0 ? (
                  <SlotPicker
                    days={state.availability.days}
                    day={day}
                    start={start}
                    onDay={(date) => {
                      setDay(date);
                      setStart('');
                    }}
                    onStart={(value) => {
                      setStart(value);
                      setTimeError(undefined);
                    }}
                    error={timeError}
                  />
                ) : (
                  <p>There are no other free times in the coming weeks. Please call us on {business.phone}.</p>
                )}
                <div className={styles.actions}>
                  <button type="button" className={styles.textButton} onClick={() => setState({ view: 'visit', booking: state.booking })}>
                    Keep my time
                  </button>
                  {state.availability.days.length > 0 ? (
                    <ActionButton type="submit" tone="gold" disabled={working}>
                      {working ? 'Moving…' : 'Move my measure'}
                    </ActionButton>
                  ) : null}
                </div>
              </form>
            ) : null}

            {state.view === 'cancelling' ? (
              <div className={styles.form}>
                <p>Your {visitLine(state.booking)} The time is then offered to other customers.</p>
                <div className={styles.actions}>
                  <ActionButton type="button" tone="dark" disabled={working} onClick={() => void cancel(state.booking)}>
                    {working ? 'Cancelling…' : 'Yes, cancel it'}
                  </ActionButton>
                  <button type="button" className={styles.textButton} onClick={() => setState({ view: 'visit', booking: state.booking })}>
                    No, keep it
                  </button>
                </div>
              </div>
            ) : null}

            {state.view === 'cancelled' ? (
              <>
                <p role={state.justNow ? 'status' : 'alert'}>
                  {state.justNow ? 'Your measure is cancelled. We have let our team know.' : bookingMessages.cancelled}
                </p>
                <p>
                  To book another time, <a href="/book">book a free measure</a>.
                </p>
              </>
            ) : null}

            {problem ? (
              <p role="alert" className={styles.error}>
                {problem}
              </p>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
