/**
 * The island of the lead dialogs: the free quote and the project inquiry, with the thank-you
 * after them. It has no markup in the page: its buttons (data-opens="quote" or "inquiry") are
 * plain HTML until one is used; the first use renders this island in a root of its own at the
 * end of <body>, and later uses open the dialog in the same root.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptSiteData } from '../../lib/site-data';
import { InquiryWizard, LeadDialogs, loadInquiry, loadProviders, useThankYou } from '../pages/lead-dialogs';
import { lazy } from 'react';

const loadQuote = () => import('../../features/quote/components/quote-dialog');
const QuoteDialog = lazy(loadQuote);

export type LeadDialogName = 'inquiry' | 'quote';

const codeOf: Record<LeadDialogName, () => Promise<unknown>> = { inquiry: loadInquiry, quote: loadQuote };

/** Starts the download of a dialog's code (on a pointer over, a focus or a touch of its button). */
export function preload(name: LeadDialogName) {
  void loadProviders();
  void codeOf[name]();
}

let showDialog: ((name: LeadDialogName) => void) | null = null;
/** Resolves the open() waiting for its dialog to be on screen. */
let shown: (() => void) | null = null;

function LeadDialogsIsland({ first }: { first: LeadDialogName }) {
  const [open, setOpen] = useState<LeadDialogName | null>(first);
  // Dialogs stay mounted once used, so they can animate closed.
  const [used, setUsed] = useState<Record<LeadDialogName, boolean>>({ inquiry: first === 'inquiry', quote: first === 'quote' });
  const thankYou = useThankYou();

  useEffect(() => {
    showDialog = (name) => {
      setUsed((current) => (current[name] ? current : { ...current, [name]: true }));
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
    setOpen(null);
  };
  return (
    <LeadDialogs
      thankYou={thankYou}
      dialogs={{
        inquiry: used.inquiry && (
          <InquiryWizard open={open === 'inquiry'} onClose={() => setOpen(null)} onSubmitted={submitted} onExited={thankYou.formExited} />
        ),
        quote: used.quote && (
          <QuoteDialog open={open === 'quote'} onClose={() => setOpen(null)} onSubmitted={submitted} onExited={thankYou.formExited} />
        ),
      }}
    />
  );
}

/**
 * Opens a lead dialog. Its code is loaded first, so a failed download rejects here (and the
 * page says so) instead of inside React; resolves once the dialog is rendered.
 */
export async function open(name: LeadDialogName): Promise<void> {
  await Promise.all([loadProviders(), codeOf[name]()]);
  const rendered = new Promise<void>((resolve) => (shown = resolve));
  if (showDialog) {
    showDialog(name);
  } else {
    adoptSiteData();
    const container = document.createElement('div');
    container.dataset.island = 'lead-dialogs';
    document.body.append(container);
    createRoot(container).render(<LeadDialogsIsland first={name} />);
  }
  await rendered;
}
