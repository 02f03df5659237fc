/**
 * Where the open wizard keeps its answers (wizard-storage.ts), and whether it holds any: on
 * its own so the home page can ask at start without loading the wizard's answer checks and
 * the domain's labels they need.
 */
export const wizardStorageKey = 'project-inquiry-wizard';

export function wizardStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be switched off; the wizard then simply does not survive a reload.
    return null;
  }
}

/** True when the wizard was open when the page was last left (or reloaded). */
export function hasSavedWizard(): boolean {
  try {
    return wizardStorage()?.getItem(wizardStorageKey) != null;
  } catch {
    return false;
  }
}
