import './styles/public.css';
import { askedTab, loadAccountPage, loadAdminPage, loadLoginPage, tabCode } from './app/admin-code';
import { firstScreenStateId } from './app/first-screen';
import { paths, routeOf } from './config/paths';

/**
 * The admin area's entry (admin.html, served at /login, /admin and /admin/account). It imports
 * nothing heavy itself.
 *
 * Where the server rendered the dashboard's first screen into the page (GET /admin with a
 * session: the header, the warnings, the tabs and the list, with the query cache they were drawn
 * from), the page is whole without a script, and the app takes it over when the owner first uses
 * it: a tap, a key, a pointer moving over it, a wheel, the page shown again after being hidden,
 * or (embedded) a new or changed lead or review arriving on the live channel. On a phone that keeps React and MUI's
 * start-up (about a second of a slow processor) off the moment the dashboard appears. A tap made
 * while the app takes over is held and replayed on the same element once it has; a field
 * focused meanwhile takes no typing until then.
 *
 * Elsewhere it starts, all at once, the app (React, MUI, the admin layout), the page the address
 * names and, on the dashboard, the tab it asks for, so they download side by side. None of the
 * public pages' route table, islands or site data comes along; their entry is main.tsx.
 */
const page = routeOf(window.location.pathname);
const firstScreen = page === paths.admin ? document.getElementById(firstScreenStateId) : null;

if (firstScreen) {
  showSelectedTab();
  takeOverWhenUsed(firstScreen);
} else startNow();

function startNow() {
  const tab = page === paths.admin ? tabCode[askedTab(window.location.search)]() : undefined;
  const parts: Promise<unknown>[] = [];
  if (page === paths.admin) parts.push(loadAdminPage());
  else if (page === paths.account) parts.push(loadAccountPage());
  else if (page === paths.login) parts.push(loadLoginPage());
  // The app renders once they are here; one that failed to load is loaded again (and reported)
  // where it renders.
  void import('./app/admin-app').then(({ startAdminApp }) =>
    startAdminApp(
      Promise.allSettled(parts),
      tab?.catch(() => undefined),
    ),
  );
}

/**
 * The changes that bring the app in before the page is used: a lead, a booking or a review, which the first
 * screen lists or counts. A visit (the Visitors tab's count) waits for the first use.
 */
const startsTheApp = ['project_inquiries', 'quote_requests', 'bookings', 'reviews'];

/** Where an element is under #root: the index of each ancestor among its siblings. */
function pathOf(element: Element): number[] {
  const path: number[] = [];
  for (let at: Element | null = element; at && at.id !== 'root'; at = at.parentElement)
    path.unshift(at.parentElement ? Array.prototype.indexOf.call(at.parentElement.children, at) : 0);
  return path;
}

function elementAt(path: readonly number[]): HTMLElement | null {
  let at: Element | null = document.getElementById('root');
  for (const index of path) at = at?.children[index] ?? null;
  return at instanceof HTMLElement ? at : null;
}

/**
 * The first screen's tab strip scrolled to its selected tab, as the app's tabs do once mounted: on
 * a phone the strip is wider than the screen, and the server cannot scroll it, so the Calendar
 * would otherwise be drawn selected out of sight. Scrolling moves no layout.
 */
function showSelectedTab() {
  const selected = document.querySelector('#root [role="tablist"] [role="tab"][aria-selected="true"]');
  const scroller = selected?.parentElement?.closest('.MuiTabs-scroller');
  if (!selected || !scroller || scroller.scrollWidth <= scroller.clientWidth) return;
  const tab = selected.getBoundingClientRect();
  const view = scroller.getBoundingClientRect();
  scroller.scrollLeft += tab.left + tab.width / 2 - (view.left + view.width / 2);
}

/** The element a click is replayed on: the one tapped, or for an icon's drawing (SVG, which has no click()) the element holding it. */
function clickable(target: EventTarget | null): HTMLElement | null {
  let at = target instanceof Element ? target : null;
  while (at && !(at instanceof HTMLElement)) at = at.parentElement;
  return at;
}

function takeOverWhenUsed(stateElement: HTMLElement) {
  const uses = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'wheel', 'touchstart'] as const;
  const held: { target: HTMLElement; path: number[] }[] = [];
  const readOnly: (HTMLInputElement | HTMLTextAreaElement)[] = [];
  let live: EventSource | undefined;
  let started = false;

  const hold = (event: Event) => {
    if (!event.isTrusted) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const target = event.type === 'click' ? clickable(event.target) : null;
    if (target) held.push({ target, path: pathOf(target) });
  };
  const holdTyping = (event: FocusEvent) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && !field.readOnly) {
      field.readOnly = true;
      readOnly.push(field);
    }
  };
  const shown = () => {
    if (document.visibilityState === 'visible') start();
  };
  let hidden = document.visibilityState === 'hidden';
  const visibility = () => {
    if (document.visibilityState === 'hidden') hidden = true;
    else if (hidden) shown();
  };

  function start() {
    if (started) return;
    started = true;
    for (const type of uses) document.removeEventListener(type, start, true);
    document.removeEventListener('visibilitychange', visibility);
    live?.close();
    document.addEventListener('click', hold, true);
    document.addEventListener('submit', hold, true);
    document.addEventListener('focusin', holdTyping, true);
    const field = document.activeElement;
    if (field) holdTyping({ target: field } as unknown as FocusEvent);
    const state: unknown = JSON.parse(stateElement.textContent ?? 'null');
    void import('./app/admin-app')
      .then(({ hydrateAdminApp }) =>
        hydrateAdminApp(
          state as Parameters<typeof hydrateAdminApp>[0],
          Promise.allSettled([loadAdminPage()]),
          tabCode[askedTab(window.location.search)]().catch(() => undefined),
        ),
      )
      .finally(() => {
        document.removeEventListener('click', hold, true);
        document.removeEventListener('submit', hold, true);
        document.removeEventListener('focusin', holdTyping, true);
        for (const field of readOnly.splice(0)) field.readOnly = false;
        // The same element, or where the app drew it again (a page rendered minutes ago reads
        // "3 minutes ago" where it said "just now": React then draws the page afresh).
        for (const { target, path } of held.splice(0)) (target.isConnected ? target : elementAt(path))?.click();
      });
  }

  for (const type of uses) document.addEventListener(type, start, { capture: true, passive: true });
  document.addEventListener('visibilitychange', visibility);
  // A hash (an older email's #lead-{id}) is not sent to the server: the app shows what it names.
  if (window.location.hash) start();
  // Live changes (embedded: Server-Sent Events; the Firebase build's channel is the app's own
  // Firestore listener, so there a change shows once the page is first used). Opened once the
  // page has loaded, so it is no part of the first paint.
  else if (import.meta.env.VITE_BACKEND !== 'firebase')
    window.addEventListener('load', () => {
      if (started) return;
      live = new EventSource('/api/events', { withCredentials: true });
      live.addEventListener('change', (event: MessageEvent<string>) => {
        if (startsTheApp.some((collection) => event.data.includes(`"collection":"${collection}"`))) start();
      });
    });
}
