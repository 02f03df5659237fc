/**
 * Whether the person at this page did something just now. The admin pages refetch on their own
 * (the dashboard's figures every minute, lists after a live change, the session check after a
 * reconnection); those requests say so (X-Background), so the server does not count them as use
 * and an open tab left alone still reaches the idle timeout. A request soon after a key press,
 * click or touch (or the page's load) is the person's own.
 */
const recentMs = 10_000;

let lastInputAt = typeof performance === 'undefined' ? 0 : performance.now();

if (typeof window !== 'undefined') {
  const note = () => {
    lastInputAt = performance.now();
  };
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, note, { capture: true, passive: true });
}

export const personActedRecently = () => performance.now() - lastInputAt < recentMs;
