/**
 * Runs `tasks` one per task of the event loop, in order, so that none adds to another's time
 * on the main thread; whatever is left runs at once, in the same order, when the visitor acts
 * (a tap or a key) or leaves the page before they all have. The first reads of session storage
 * (the lead source, a retried dialog) and the first request (the visit) each cost a fresh page
 * a synchronous round trip to the browser, about 6 to 13 ms each on a 2-core machine; in the
 * page's first task with the rest of the runtime they made one task of 40 ms and more, which
 * a phone's four-times slower CPU turns into the page's longest block.
 */
export function inTurn(tasks: (() => void)[]) {
  const events = ['pointerdown', 'keydown', 'pagehide'] as const;
  const done = () => {
    for (const type of events) window.removeEventListener(type, rest, true);
  };
  const step = () => {
    try {
      tasks.shift()?.();
    } finally {
      if (tasks.length) setTimeout(step, 0);
      else done();
    }
  };
  function rest() {
    while (tasks.length) step();
  }
  for (const type of events) window.addEventListener(type, rest, true);
  step();
}
