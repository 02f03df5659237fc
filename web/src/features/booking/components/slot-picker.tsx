import type { BookingDay } from '@site/domain';
import { melbourneDayLabel, melbourneTimeLabel, melbourneTimeNote } from '../lib/melbourne-time';
import styles from './booking.module.css';

interface SlotPickerProps {
  days: BookingDay[];
  /** The chosen day (yyyy-MM-dd) and start (an instant), empty when none. */
  day: string;
  start: string;
  onDay: (date: string) => void;
  onStart: (start: string) => void;
  /** Shown under the times, such as "Please pick a time". */
  error?: string;
}

/**
 * A day, then a time on it, from the free slots: two groups of radio buttons (arrow keys move
 * within each), in Melbourne time with a line that says so.
 */
export function SlotPicker({ days, day, start, onDay, onStart, error }: SlotPickerProps) {
  const chosen = days.find((candidate) => candidate.date === day);
  // Labelled here from each instant, on Melbourne's clock, whatever the browser's zone.
  const dayLabel = (candidate: BookingDay) => (candidate.slots[0] ? melbourneDayLabel(candidate.slots[0].start) : candidate.label);
  const noteFor = chosen?.slots[0]?.start ?? days[0]?.slots[0]?.start;
  return (
    <div className={styles.slots}>
      {noteFor ? <p className={styles.note}>{melbourneTimeNote(noteFor)}</p> : null}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Day</legend>
        <div className={styles.choices}>
          {days.map((candidate) => (
            <label key={candidate.date} className={styles.choice}>
              <input
                type="radio"
                name="booking-day"
                value={candidate.date}
                checked={candidate.date === day}
                onChange={() => onDay(candidate.date)}
              />
              <span>{dayLabel(candidate)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {chosen ? (
        <fieldset className={styles.group} aria-describedby={error ? 'booking-time-error' : undefined}>
          <legend className={styles.legend}>Time on {dayLabel(chosen)}</legend>
          <div className={`${styles.choices} ${styles.times}`}>
            {chosen.slots.map((slot) => (
              <label key={slot.start} className={styles.choice}>
                <input
                  type="radio"
                  name="booking-time"
                  value={slot.start}
                  checked={slot.start === start}
                  onChange={() => onStart(slot.start)}
                />
                <span>{melbourneTimeLabel(slot.start)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {error ? (
        <p id="booking-time-error" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
