/**
 * The island of the lead dialogs: the free quote and the project inquiry, with the thank-you
 * after them. It has no markup in the page: its buttons (data-opens="quote" or "inquiry") are
 * plain HTML until one is used; the first use renders this island in a root of its own at the
 * end of <body>, and later uses open the dialog in the same root.
 */
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type DialogProviders from '#web/components/dialog-providers.tsx';
import type InquiryWizardComponent from '#web/features/inquiry/components/inquiry-wizard.tsx';
import type { LightFirstStep, LightFocus } from '#web/features/inquiry/light-first-step.ts';
import { quotePrefillOf, type QuotePrefill } from '#web/lib/quote-prefill.ts';
import { adoptSiteData } from '#web/lib/site-data.ts';
import { InquiryWizard, LeadDialogs, loadInquiry, loadProviders, useThankYou } from '../pages/lead-dialogs';

const loadQuote = () => import('#web/features/quote/components/quote-dialog.tsx');
const QuoteDialog = lazy(loadQuote);

export type LeadDialogName = 'inquiry' | 'quote';

const codeOf: Record<LeadDialogName, () => Promise<unknown>> = { inquiry: loadInquiry, quote: loadQuote };

/** Starts the download of a dialog's code (on a pointer over, a focus or a touch of its button). */
export function preload(name: LeadDialogName) {
  void loadProviders();
  void codeOf[name]();
}

/**
 * The providers and the wizard once their code is in: rendered as they are rather than through
 * React.lazy, whose first render always waits a turn, so the wizard replaces its first step
 * drawn by the page (light-first-step.ts) in one synchronous render.
 */
interface Loaded {
  providers: typeof DialogProviders;
  wizard?: typeof InquiryWizardComponent;
}
let loaded: Loaded | null = null;

let showDialog: ((name: LeadDialogName, prefill?: QuotePrefill) => void) | null = null;
/** Resolves the open() waiting for its dialog to be on screen. */
let shown: (() => void) | null = null;

function LeadDialogsIsland({ first, instant, firstPrefill }: { first: LeadDialogName; instant: boolean; firstPrefill?: QuotePrefill }) {
  const Wizard: ComponentType<Parameters<typeof InquiryWizardComponent>[0]> = loaded?.wizard ?? InquiryWizard;
  const [open, setOpen] = useState<LeadDialogName | null>(first);
  const [prefill, setPrefill] = useState<QuotePrefill | undefined>(firstPrefill);
  // Dialogs stay mounted once used, so they can animate closed.
  const [used, setUsed] = useState<Record<LeadDialogName, boolean>>({ inquiry: first === 'inquiry', quote: first === 'quote' });
  const thankYou = useThankYou();
  // Only the opening that replaces the page's first step skips the fade; later ones fade in.
  const [fadeIn, setFadeIn] = useState(!instant);
  const close = () => {
    setOpen(null);
    setFadeIn(true);
  };

  useEffect(() => {
    showDialog = (name, nextPrefill) => {
      setUsed((current) => (current[name] ? current : { ...current, [name]: true }));
      setPrefill(nextPrefill);
      setOpen(name);
    };
    return () => {
      showDialog = null;
    };
  }, []);
  useEffect(() => {
    if (open) shown?.();
  }, [open]);

  const submitted = (firstName: string) => {
    thankYou.submitted(firstName);
    close();
  };
  return (
    <LeadDialogs
      thankYou={thankYou}
      providers={loaded?.providers}
      dialogs={{
        inquiry: used.inquiry && (
          <Wizard open={open === 'inquiry'} onClose={close} onSubmitted={submitted} onExited={thankYou.formExited} instant={!fadeIn} />
        ),
        quote: used.quote && (
          <QuoteDialog open={open === 'quote'} onClose={close} onSubmitted={submitted} onExited={thankYou.formExited} prefill={prefill} />
        ),
      }}
    />
  );
}

/** Puts focus back where it was in the wizard's first step drawn before its code (the same room, or Next). */
function refocus(focus: LightFocus) {
  // MUI puts the dialog in a portal at the end of <body>; the wizard's title names it.
  const dialog = document.getElementById('inquiry-title')?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog || focus === null) return;
  const target =
    focus === 'next'
      ? [...dialog.querySelectorAll<HTMLButtonElement>('button')].find((button) => button.textContent === 'Next')
      : dialog.querySelectorAll<HTMLButtonElement>('ul[aria-label="Rooms"] button')[focus.room];
  target?.focus();
}

/**
 * Opens a lead dialog. Its code is loaded first, so a failed download rejects here (and the
 * page says so) instead of inside React; resolves once the dialog is rendered. `lightStep`
 * gives the wizard's first step the page drew meanwhile: unless the visitor closed it, it hands its
 * answers over and the wizard replaces it in the same task (no frame without either), with no
 * opening animation.
 */
export async function open(name: LeadDialogName, lightStep?: () => LightFirstStep | undefined, trigger?: HTMLElement): Promise<void> {
  const prefill = name === 'quote' ? quotePrefillOf(trigger) : undefined;
  const [providers] = await Promise.all([loadProviders(), codeOf[name]()]);
  loaded ??= { providers: providers.default };
  if (name === 'inquiry') loaded.wizard ??= (await loadInquiry()).default;
  const light = lightStep?.();
  if (light?.closed) return;
  const rendered = new Promise<void>((resolve) => (shown = resolve));
  const focus = light ? light.handOver() : null;
  if (showDialog) {
    showDialog(name, prefill);
  } else {
    adoptSiteData();
    const container = document.createElement('div');
    container.dataset.island = 'lead-dialogs';
    document.body.append(container);
    const root = createRoot(container);
    flushSync(() => root.render(<LeadDialogsIsland first={name} instant={Boolean(light)} firstPrefill={prefill} />));
  }
  await rendered;
  refocus(focus);
}
