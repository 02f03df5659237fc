/**
 * Taps that arrive before React has taken over the part of the page they hit.
 *
 * The public pages paint before React loads, and the reviews section hydrates only when its
 * own code has arrived. React drops a click on markup it has not hydrated yet (it cannot run a
 * handler it does not have), so a visitor's early tap on Free Quote or Write a Review would do
 * nothing. Each such part carries `data-hydrating` in the prerendered HTML until it has
 * hydrated; a click on a button inside it is held back here and clicked again once it has.
 * Links need no help: without React they simply load their page. React-free: main.tsx holds
 * the taps before React has loaded.
 */
const held: HTMLButtonElement[] = [];

export function holdEarlyClicks() {
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || !button.closest('[data-hydrating]')) return;
      event.stopPropagation();
      if (!held.includes(button)) held.push(button);
    },
    true,
  );
  // A form in a hydrating part (the booking page's first step) is not sent by the browser
  // itself, which would load the page again: its button is held and clicked once it is live.
  document.addEventListener(
    'submit',
    (event) => {
      if (!(event.target instanceof HTMLFormElement) || !event.target.closest('[data-hydrating]')) return;
      event.preventDefault();
      event.stopPropagation();
      const button = event.submitter instanceof HTMLButtonElement ? event.submitter : event.target.querySelector('button[type="submit"]');
      if (button instanceof HTMLButtonElement && !held.includes(button)) held.push(button);
    },
    true,
  );
}

/** Marks a hydrated part of the page as live and replays the taps it missed. */
export function replayEarlyClicks(part: HTMLElement) {
  part.removeAttribute('data-hydrating');
  for (const button of held.filter((candidate) => part.contains(candidate) && !candidate.closest('[data-hydrating]'))) {
    held.splice(held.indexOf(button), 1);
    button.click();
  }
}
