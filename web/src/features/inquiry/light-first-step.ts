/**
 * The inquiry wizard's first step, drawn by the page's first script the moment "Start Your
 * Project" is tapped, while the wizard's own code (React, MUI, the form libraries) is still on
 * its way: on a slow phone that code takes a second or two to download and start, and the
 * visitor can meanwhile choose their rooms. It looks like the wizard's first step (the same
 * sizes and colours, styles/public.css) and behaves like a dialog: focus kept inside, Escape,
 * the close button and a tap outside close it, and the page behind does not scroll.
 *
 * When the wizard's code is in, `handOver` keeps the answers where the wizard reads them at
 * start (the session storage it survives a reload with, hooks/wizard-storage.ts) and removes
 * this step; the wizard then opens at once on the same rooms, and on the second step if Next
 * was pressed. React-free and small: it is part of the public pages' first script.
 */
import { inquiryRoomLabels, inquiryRooms, type InquiryRoom } from '@site/domain/inquiry-rooms';
import type { WizardState } from './hooks/wizard-storage';
import shared from '#web/styles/shared.module.css';
import { wizardStorage, wizardStorageKey } from './hooks/saved-wizard';
import { stepCount, steps } from './wizard-steps';

/** Where focus was when the step was handed over, so the wizard can put it back. */
export type LightFocus = { room: number } | 'next' | null;

export interface LightFirstStep {
  /** True once the visitor closed it: the wizard is then not opened. */
  readonly closed: boolean;
  /** Saves the answers for the wizard and removes the step; says where focus was. */
  handOver(): LightFocus;
  /** Removes the step without keeping anything (its code could not load). */
  remove(): void;
}

const svg = 'http://www.w3.org/2000/svg';
/** Material icons' paths: Close, RadioButtonUnchecked and CheckCircle, as the wizard shows them. */
const icons = {
  close: 'M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z',
  unchecked: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  checked: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
};

function icon(path: string): SVGSVGElement {
  const element = document.createElementNS(svg, 'svg');
  element.setAttribute('viewBox', '0 0 24 24');
  element.setAttribute('aria-hidden', 'true');
  element.setAttribute('focusable', 'false');
  const shape = document.createElementNS(svg, 'path');
  shape.setAttribute('d', path);
  element.append(shape);
  return element;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/** Shows the first step over the page; closed by the visitor, it gives focus back to `returnFocus` (the button that opened it). */
export function showLightFirstStep(returnFocus?: HTMLElement | null): LightFirstStep {
  const rooms = new Set<InquiryRoom>();
  let step: 1 | 2 = 1;
  let closed = false;
  let removed = false;

  const backdrop = element('div', 'light-dialog-backdrop');
  const dialog = element('div', 'light-dialog');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', 'light-inquiry-title');
  dialog.setAttribute('aria-describedby', 'light-inquiry-subtitle');

  const heading = element('div', 'light-dialog-heading');
  const dots = element('div', 'light-dialog-dots');
  dots.setAttribute('aria-hidden', 'true');
  dots.dataset.testid = 'wizard-progress';
  for (let n = 1; n <= stepCount; n += 1) {
    const dot = element('span', '');
    dot.dataset.state = n === 1 ? 'current' : 'upcoming';
    dots.append(dot);
  }
  const where = element('span', shared.clipped, `Step 1 of ${stepCount}`);
  const title = element('h2', '', steps[1].title);
  title.id = 'light-inquiry-title';
  title.tabIndex = -1;
  const subtitle = element('p', '', steps[1].subtitle);
  subtitle.id = 'light-inquiry-subtitle';
  const close = element('button', 'light-dialog-close');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close');
  close.append(icon(icons.close));
  heading.append(dots, where, title, subtitle, close);

  const list = element('ul', 'light-dialog-choices');
  list.setAttribute('aria-label', 'Rooms');
  const choices = inquiryRooms.map((room) => {
    const button = element('button', '');
    button.type = 'button';
    button.setAttribute('aria-pressed', 'false');
    button.append(icon(icons.unchecked), inquiryRoomLabels[room]);
    button.addEventListener('click', () => {
      if (step !== 1) return;
      const chosen = !rooms.has(room);
      if (chosen) rooms.add(room);
      else rooms.delete(room);
      button.setAttribute('aria-pressed', String(chosen));
      button.firstElementChild?.replaceWith(icon(chosen ? icons.checked : icons.unchecked));
      next.disabled = rooms.size === 0;
    });
    const item = element('li', '');
    item.append(button);
    list.append(item);
    return button;
  });

  const actions = element('div', 'light-dialog-actions');
  const next = element('button', 'light-dialog-next', 'Next');
  next.type = 'button';
  next.disabled = true;
  next.addEventListener('click', () => {
    if (rooms.size === 0) return;
    // The second step comes with the wizard's code: say it is on its way.
    step = 2;
    next.textContent = 'Loading…';
    next.setAttribute('aria-busy', 'true');
    next.setAttribute('aria-disabled', 'true');
  });
  actions.append(next);

  const content = element('div', 'light-dialog-content');
  content.append(list);
  dialog.append(heading, content, actions);
  backdrop.append(dialog);

  const overflow = document.body.style.overflow;
  const remove = () => {
    if (removed) return;
    removed = true;
    backdrop.remove();
    document.body.style.overflow = overflow;
    document.removeEventListener('keydown', onKey, true);
  };
  const closeStep = () => {
    closed = true;
    remove();
    returnFocus?.focus();
  };
  const focusables = () => [close, ...choices, next].filter((button) => !button.disabled);
  function onKey(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      closeStep();
    } else if (event.key === 'Tab') {
      // Focus stays in the dialog, as in the wizard.
      const all = focusables();
      const at = all.indexOf(document.activeElement as HTMLButtonElement);
      const to = event.shiftKey ? (at <= 0 ? all.length - 1 : at - 1) : at === all.length - 1 ? 0 : at + 1;
      event.preventDefault();
      all[to]?.focus();
    }
  }
  close.addEventListener('click', closeStep);
  backdrop.addEventListener('click', (event) => {
    if (event.target === backdrop) closeStep();
  });
  document.addEventListener('keydown', onKey, true);

  document.body.style.overflow = 'hidden';
  document.body.append(backdrop);
  title.focus({ preventScroll: true });

  return {
    get closed() {
      return closed;
    },
    handOver() {
      const active = document.activeElement;
      const focus: LightFocus =
        active === next
          ? 'next'
          : choices.includes(active as HTMLButtonElement)
            ? { room: choices.indexOf(active as HTMLButtonElement) }
            : null;
      const state: WizardState = {
        step,
        rooms: inquiryRooms.filter((room) => rooms.has(room)),
        budget: '',
        timeline: '',
        contact: { firstName: '', lastName: '', email: '', phone: '' },
        design: null,
      };
      try {
        wizardStorage()?.setItem(wizardStorageKey, JSON.stringify(state));
      } catch {
        // Storage switched off: the wizard opens on its first step, with no rooms chosen.
      }
      // The wizard's dialog gives focus back, when it closes, to what had it as it opened: the button.
      returnFocus?.focus({ preventScroll: true });
      remove();
      return focus;
    },
    remove,
  };
}
