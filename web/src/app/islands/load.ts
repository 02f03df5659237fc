/**
 * Loading an island's code, and what a visitor sees when that fails. React-free: the public
 * pages' first script uses it before any island has loaded.
 *
 * A download can fail on a flaky phone connection, or because the tab was opened before a
 * redeploy and the file it asks for is gone. Neither may blank the page: the island says it
 * could not load and offers to try again; a tab whose page now names other script files (a new
 * build) reloads onto the new build instead, once.
 *
 * Trying again loads the page afresh: a browser keeps a module that failed to download as
 * failed for the rest of the page's life (the HTML standard's module map), so importing it
 * again in the same page fails at once. What the visitor asked for is noted for the new page
 * (retryAfterReload), which opens it again.
 */

/** The module script the page was served with: a new build names another. */
function entryScript(doc: Document): string | null {
  return doc.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? null;
}

const reloadedKey = 'island-reloaded-for';

/** Whether the server now serves another build than this tab's; reloads onto it when so (once per build). */
async function reloadIfStale(): Promise<boolean> {
  try {
    const response = await fetch(window.location.pathname + window.location.search, { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return false;
    const served = entryScript(new DOMParser().parseFromString(await response.text(), 'text/html'));
    const mine = entryScript(document);
    if (!served || !mine || served === mine) return false;
    if (sessionStorage.getItem(reloadedKey) === served) return false;
    sessionStorage.setItem(reloadedKey, served);
    window.location.reload();
    return true;
  } catch {
    // Offline, or storage switched off: the visitor can still try again.
    return false;
  }
}

const retryKey = 'island-retry';

/** What the page loaded afresh by "Try again" should open again: an opener's name and its data-photo-index. */
export interface Retry {
  opens: string;
  photoIndex?: string;
}

/** The island "Try again" asked for before this page was loaded, once. */
export function retryAfterReload(): Retry | null {
  try {
    const kept = sessionStorage.getItem(retryKey);
    sessionStorage.removeItem(retryKey);
    return kept ? (JSON.parse(kept) as Retry) : null;
  } catch {
    return null;
  }
}

function reloadFor(retry: Retry | undefined) {
  try {
    if (retry) sessionStorage.setItem(retryKey, JSON.stringify(retry));
  } catch {
    // Storage switched off: the page still loads afresh, and the visitor taps again.
  }
  window.location.reload();
}

/**
 * Shows that a part of the page could not load, with a button to try again: inside `place`
 * (an island's own element) or, for a dialog, in a notice at the bottom of the screen.
 */
function showFailure(what: string, retry: () => void, place?: HTMLElement) {
  const notice = document.createElement('div');
  notice.setAttribute('role', 'alert');
  notice.className = place ? 'island-failure' : 'island-failure island-failure-floating';
  const text = document.createElement('p');
  text.textContent = `Sorry, ${what} could not load. Please check your connection and try again.`;
  const again = document.createElement('button');
  again.type = 'button';
  again.textContent = 'Try again';
  again.addEventListener('click', () => {
    notice.remove();
    retry();
  });
  notice.append(text, again);
  if (place) place.prepend(notice);
  else document.body.append(notice);
  again.focus({ preventScroll: Boolean(place) });
}

/**
 * Runs `start` (which imports an island's code and shows it); on failure, reloads a stale tab
 * or offers to try again (`retry` says what the page loaded afresh opens). Resolves true once
 * the island is shown.
 */
export async function loadIsland(what: string, start: () => Promise<void>, place?: HTMLElement, retry?: Retry): Promise<boolean> {
  try {
    await start();
    return true;
  } catch (error) {
    if (await reloadIfStale()) return false;
    console.warn(`Could not load ${what}`, error);
    showFailure(what, () => reloadFor(retry), place);
    return false;
  }
}

/**
 * Shown at once when a dialog's button is tapped and its code is still on the way: a
 * backdrop with "Loading…" where the dialog will appear, gone when the dialog shows.
 */
export function showLoading(): () => void {
  const backdrop = document.createElement('div');
  backdrop.className = 'island-loading';
  const status = document.createElement('div');
  status.setAttribute('role', 'status');
  status.className = 'island-loading-box';
  status.textContent = 'Loading…';
  backdrop.append(status);
  document.body.append(backdrop);
  return () => backdrop.remove();
}
