import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState, type ReactNode } from 'react';
import { limits } from '@site/domain';
import { getQueryClient } from '../lib/query-client';
import { theme } from '../lib/theme';

/**
 * What the MUI dialogs and their toasts need: the theme, the query client and the toast
 * stack. The admin area's providers (app/providers.tsx) build on these; the public pages load this
 * only with their first dialog, so MUI, Emotion, TanStack Query and notistack stay out of
 * their first download.
 */
export default function DialogProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(getQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          // Toasts go straight into <body>, created when they show: a dialog open at that
          // moment hides the page behind it from screen readers, but not a toast added later.
          // (No document while the admin shell is prerendered.)
          domRoot={typeof document === 'undefined' ? undefined : document.body}
          maxSnack={limits.toastMax}
          autoHideDuration={limits.toastDurationMs}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
