import { useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';

/**
 * The confirmation every delete asks for, in place of the browser's `window.confirm` (which
 * screen readers, phones and the site's own look handle poorly): `confirm(request)` opens the
 * dialog, and `onConfirm` runs only on its Delete button. Render `dialog` anywhere in the
 * component; it shows above the page.
 */
export function useConfirm(): { confirm: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [state, setState] = useState<{ open: boolean; request: ConfirmRequest | null }>({ open: false, request: null });
  const dialog = (
    <ConfirmDialog open={state.open} request={state.request} onClose={() => setState((current) => ({ ...current, open: false }))} />
  );
  return { confirm: (request) => setState({ open: true, request }), dialog };
}
