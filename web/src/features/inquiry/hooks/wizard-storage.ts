import { budgets, inquiryRooms, timelines, type Budget, type InquiryContact, type InquiryRoom, type Timeline } from '@site/domain';
import type { AttachedDesign } from '#web/lib/attached-design.ts';
import { wizardStorage, wizardStorageKey } from './saved-wizard';

/**
 * The wizard's step and answers, kept in session storage so an accidental reload of the page
 * does not lose them; forgotten when the wizard closes or submits.
 */
export interface WizardState {
  step: 1 | 2 | 3 | 4;
  rooms: InquiryRoom[];
  budget: Budget | '';
  timeline: Timeline | '';
  contact: InquiryContact;
  design: AttachedDesign | null;
}

const key = wizardStorageKey;
const storage = wizardStorage;

export const emptyContact: InquiryContact = { firstName: '', lastName: '', email: '', phone: '' };
export const initialWizardState: WizardState = { step: 1, rooms: [], budget: '', timeline: '', contact: emptyContact, design: null };

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : '');

function designOf(value: unknown): AttachedDesign | null {
  if (typeof value !== 'object' || value === null) return null;
  const { modelId, name, variant } = value as Record<string, unknown>;
  if (typeof modelId !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(modelId) || !text(name)) return null;
  return { modelId, name: text(name), ...(text(variant) ? { variant: text(variant) } : {}) };
}

export function loadWizard(): WizardState {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return initialWizardState;
    const saved = JSON.parse(raw) as Partial<Record<keyof WizardState, unknown>>;
    const step = [1, 2, 3, 4].includes(Number(saved.step)) ? (Number(saved.step) as WizardState['step']) : 1;
    const rooms = Array.isArray(saved.rooms) ? inquiryRooms.filter((room) => (saved.rooms as unknown[]).includes(room)) : [];
    const budget = budgets.find((value) => value === saved.budget) ?? '';
    const timeline = timelines.find((value) => value === saved.timeline) ?? '';
    const contact = (typeof saved.contact === 'object' && saved.contact !== null ? saved.contact : {}) as Record<string, unknown>;
    // Never resume past a step whose answer is missing.
    const reachable = rooms.length === 0 ? 1 : budget === '' ? 2 : timeline === '' ? 3 : 4;
    return {
      step: Math.min(step, reachable) as WizardState['step'],
      rooms,
      budget,
      timeline,
      contact: {
        firstName: text(contact.firstName),
        lastName: text(contact.lastName),
        email: text(contact.email),
        phone: text(contact.phone),
      },
      design: designOf(saved.design),
    };
  } catch {
    return initialWizardState;
  }
}

export function saveWizard(state: WizardState): void {
  try {
    storage()?.setItem(key, JSON.stringify(state));
  } catch {
    // Full or disabled storage: nothing to do.
  }
}

export function clearWizard(): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // As above.
  }
}
