/**
 * The taps the page's inline script (index.html) held before this, its first script, ran: on a
 * slow connection the page is on screen well before its script arrives, and a tap on "Start
 * Your Project", "Free Quote", "Write a Review" or the menu button would otherwise do nothing
 * (or, on a link, load the page again). The inline script stops each such tap and keeps its
 * element; taking them ends the holding, and the caller clicks them again once their
 * listeners are in. The inline script's text is hashed in the Content-Security-Policy
 * (functions/src/http/security.ts): a change to it needs its new hash there and in firebase.json.
 */
declare global {
  interface Window {
    /** Held by the inline script until the first script takes them; then undefined. */
    earlyTaps?: Element[];
  }
}

/** Ends the holding and gives the elements tapped meanwhile, each once, in the order tapped. */
export function takeEarlyTaps(): HTMLElement[] {
  const taps = window.earlyTaps ?? [];
  window.earlyTaps = undefined;
  return [...new Set(taps)].filter((tap): tap is HTMLElement => tap instanceof HTMLElement && tap.isConnected);
}
