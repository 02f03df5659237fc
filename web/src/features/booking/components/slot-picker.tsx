import type { BookingDay } from '@site/domain';
import { useEffect, useRef, useState } from 'react';
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

/** Days offered at a time (two working weeks); more on request, so a phone's screen is not one long list. */
const daysAtATime = 10;

/**
 * A day, then a time on it, from the free slots: two groups of radio buttons (arrow keys move
 * within each), in Melbourne time with a line that says so.
 */
export function SlotPicker({ days, day, start, onDay, onStart, error }: SlotPickerProps) {
  const chosen = days.find((candidate) => candidate.date === day);
  const [count, setCount] = useState(daysAtATime);
  const shown = Math.max(count, days.findIndex((candidate) => candidate.date === day) + 1);
  const dayList = useRef<HTMLDivElement>(null);
  const revealed = useRef(0);
  // The first of the days just shown takes the focus (the button may be gone with the last ones).
  useEffect(() => {
    if (revealed.current > 0) dayList.current?.querySelectorAll('input')[revealed.current]?.focus();
    revealed.current = 0;
  }, [count]);
  const showLater = () => {
    revealed.current = shown;
    setCount(shown + daysAtATime);
  };
  // Labelled here from each instant, on Melbourne's clock, whatever the browser's zone.
  const dayLabel = (candidate: BookingDay) => (candidate.slots[0] ? melbourneDayLabel(candidate.slots[0].start) : candidate.label);
  const noteFor = chosen?.slots[0]?.start ?? days[0]?.slots[0]?.start;
  return (
    <div className={styles.slots}>
      {noteFor ? <p className={styles.note}>{melbourneTimeNote(noteFor)}</p> : null}
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Day</legend>
        <div ref={dayList} className={`${styles.choices} ${styles.days}`}>
          {days.slice(0, shown).map((candidate) => (
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
        {shown < days.length ? (
          <button type="button" className={styles.textButton} onClick={showLater}>
            Show later days
          </button>
        ) : null}
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
