import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { useState, type ReactNode } from 'react';
import { limits } from '@site/domain';
import { getQueryClient } from './query-client';
import { theme } from './theme';

/**
 * Everything the admin area (/login, /admin) needs: full MUI with its baseline, the query
 * client and toasts. The public pages do without (docs/decisions/009-public-page-speed.md).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(getQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          // Toasts go straight into <body>, created when they show: a dialog open at that
          // moment hides the page behind it from screen readers, but not a toast added later.
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
