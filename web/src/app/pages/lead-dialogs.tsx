import { lazy, Suspense, useRef, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';

// The dialogs (MUI, the form libraries, the query client and toasts) load on first intent,
// not with the page: pointing at, focusing or touching their button starts the download.
export const loadProviders = () => import('#web/components/dialog-providers.tsx');
export const loadInquiry = () => import('#web/features/inquiry/components/inquiry-wizard.tsx');
const loadSuccess = () => import('#web/components/success-dialog.tsx');
const DialogProviders = lazy(loadProviders);
export const InquiryWizard = lazy(loadInquiry);
const SuccessDialog = lazy(loadSuccess);

/** Starts loading the project inquiry's code, when the visitor is about to open it. */
export const preloadInquiry = () => {
  void loadProviders();
  void loadInquiry();
};

/**
 * The thank-you after a lead's form. It opens once the form's dialog has faded out: two modals
 * never overlap, so the thank-you is never left hidden from screen readers behind the closing form.
 */
export function useThankYou() {
  const [success, setSuccess] = useState<{ open: boolean; firstName: string } | null>(null);
  const thankYouFor = useRef<string | null>(null);
  return {
    /** Whether the thank-you has been shown (it stays mounted to animate closed). */
    used: success !== null,
    /** The form was sent: its dialog closes, and the thank-you's code loads meanwhile. */
    submitted(firstName: string) {
      thankYouFor.current = firstName;
      void loadSuccess();
    },
    /** The form's dialog has faded out: the thank-you opens if the form was sent. */
    formExited() {
      const firstName = thankYouFor.current;
      thankYouFor.current = null;
      if (firstName !== null) setSuccess({ open: true, firstName });
    },
    dialog: success ? (
      <Suspense fallback={null}>
        <SuccessDialog
          open={success.open}
          firstName={success.firstName}
          onClose={() => setSuccess({ ...success, open: false })}
          onExited={() => setSuccess(null)}
        />
      </Suspense>
    ) : null,
  };
}

/**
 * A page's lead dialogs (those used so far, by name) and the thank-you, with their providers:
 * nothing until the first is used. Each dialog waits for its code on its own: an open one
 * never hides while the next loads. `providers` is the providers' component when its code is
 * already in (rendered at once, not through React.lazy).
 */
export function LeadDialogs({
  dialogs,
  thankYou,
  providers: Providers = DialogProviders,
}: {
  dialogs: Record<string, ReactElement | false | null>;
  thankYou: ReturnType<typeof useThankYou>;
  providers?: ComponentType<{ children: ReactNode }>;
}) {
  const used = Object.entries(dialogs).filter(([, dialog]) => Boolean(dialog));
  if (used.length === 0 && !thankYou.used) return null;
  return (
    <Suspense fallback={null}>
      <Providers>
        {used.map(([name, dialog]) => (
          <Suspense key={name} fallback={null}>
            {dialog}
          </Suspense>
        ))}
        {thankYou.dialog}
      </Providers>
    </Suspense>
  );
}
