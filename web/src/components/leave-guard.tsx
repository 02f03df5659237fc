import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';

/** A form with changes not saved yet: what the question names, and how its changes go or it is shown again. */
export interface UnsavedForm {
  /** As the owner knows it: "Business details". */
  title: string;
  /** Puts the form back to its saved values. */
  discard: () => void;
  /** Brings the form into view, for the owner to go on editing it. */
  show: () => void;
}

export interface LeaveRequest {
  /** Goes ahead: runs at once when nothing is unsaved, else once the owner discards the changes. */
  proceed: () => void;
  /** Runs instead when the owner keeps editing. */
  keep?: () => void;
  /** A form that is not being left (the one whose Save asks): its changes are not in question. */
  except?: string;
  /** What leaving does, in the question: "Saving links does not save them." */
  because?: string;
}

interface LeaveGuard {
  /** Marks the form `id` unsaved (or saved again, with null). */
  mark: (id: string, form: UnsavedForm | null) => void;
  /** Whether the form `id` has unsaved changes. */
  isUnsaved: (id: string) => boolean;
  /** Whether any form has unsaved changes. */
  unsaved: boolean;
  /** Asks before leaving unsaved changes: "Keep editing" or "Discard changes". */
  leave: (request: LeaveRequest) => void;
}

const LeaveGuardContext = createContext<LeaveGuard | null>(null);

const joined = (titles: string[]) =>
  titles.length < 2 ? titles.join('') : `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`;

/**
 * Keeps what the owner typed from being lost without their choosing: forms mark themselves
 * unsaved, and leaving them (a tab, a link, another form's Save) first asks "Keep editing" or
 * "Discard changes". Closing or reloading the page meanwhile gets the browser's own question.
 * The app does not use a data router (docs/decisions/001-prerender.md), so react-router's
 * blocker is not available: the dashboard asks through `leave` before it changes tab.
 */
function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const [forms, setForms] = useState<ReadonlyMap<string, UnsavedForm>>(new Map());
  const [question, setQuestion] = useState<{ open: boolean; request: ConfirmRequest | null }>({ open: false, request: null });
  // `leave` reads the forms as they are when it is called, and stays the same function meanwhile.
  const formsNow = useRef(forms);
  useEffect(() => {
    formsNow.current = forms;
  }, [forms]);

  const mark = useCallback((id: string, form: UnsavedForm | null) => {
    setForms((current) => {
      if (!form && !current.has(id)) return current;
      const next = new Map(current);
      if (form) next.set(id, form);
      else next.delete(id);
      return next;
    });
  }, []);

  const leave = useCallback(({ proceed, keep, except, because }: LeaveRequest) => {
    const open = [...formsNow.current].filter(([id]) => id !== except).map(([, form]) => form);
    if (open.length === 0) {
      proceed();
      return;
    }
    const titles = joined(open.map((form) => form.title));
    setQuestion({
      open: true,
      request: {
        title: 'Unsaved changes',
        question: `${titles} ${open.length === 1 ? 'has' : 'have'} changes that are not saved.${because ? ` ${because}` : ''}`,
        keepLabel: 'Keep editing',
        confirmLabel: 'Discard changes',
        onConfirm: () => {
          open.forEach((form) => form.discard());
          proceed();
        },
        onKeep: () => {
          keep?.();
          open[0].show();
        },
      },
    });
  }, []);

  const unsaved = forms.size > 0;
  // The browser asks its own question before the page closes or reloads; it lets no page word it.
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  const value = useMemo<LeaveGuard>(() => ({ mark, isUnsaved: (id) => forms.has(id), unsaved, leave }), [mark, forms, unsaved, leave]);
  return (
    <LeaveGuardContext.Provider value={value}>
      {children}
      <ConfirmDialog
        open={question.open}
        request={question.request}
        onClose={() => setQuestion((current) => ({ ...current, open: false }))}
      />
    </LeaveGuardContext.Provider>
  );
}

/**
 * The guard of the page around it; a part that may be shown alone (the Settings tab in its
 * tests) brings its own when there is none around it.
 */
export function LeaveGuardScope({ children }: { children: ReactNode }) {
  const outer = useContext(LeaveGuardContext);
  return outer ? children : <LeaveGuardProvider>{children}</LeaveGuardProvider>;
}

/** The guard around this component, or null outside one. */
export function useLeaveGuard(): LeaveGuard | null {
  return useContext(LeaveGuardContext);
}

/**
 * A link's click that asks first while a form has unsaved changes (the link then goes only
 * once the owner discards them). Links within the dashboard need none: it asks on each new
 * address itself. Those that leave it (the Account page) use this.
 */
export function useGuardedClick(): (to: string) => (event: MouseEvent) => void {
  const guard = useLeaveGuard();
  const navigate = useNavigate();
  return (to) => (event) => {
    if (!guard?.unsaved || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    guard.leave({ proceed: () => void navigate(to) });
  };
}
