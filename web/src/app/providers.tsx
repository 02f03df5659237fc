import CssBaseline from '@mui/material/CssBaseline';
import type { ReactNode } from 'react';
import DialogProviders from '../components/dialog-providers';

/**
 * Everything the admin area (/login, /admin) needs: the dialogs' theme, query client and
 * toasts, plus MUI's baseline styles. The public pages do without
 * (docs/decisions/009-public-page-speed.md).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <DialogProviders>
      <CssBaseline />
      {children}
    </DialogProviders>
  );
}
