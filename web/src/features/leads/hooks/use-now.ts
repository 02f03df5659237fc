import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while `running`: for waits shown as they grow. */
export function useNow(intervalMs: number, running = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, running]);
  return now;
}
