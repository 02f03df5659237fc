import { useSnackbar, type SnackbarKey } from 'notistack';
import { useCallback } from 'react';

export interface Toast {
  title: string;
  message: string;
  /** The spec's 'default' and 'destructive' variants; notistack calls the second 'error'. */
  variant: 'default' | 'error';
}

/** Names a shown toast, so that what made it can take it away again (`useDismissToast`). */
export type ToastKey = SnackbarKey;

/**
 * Shows a toast with the spec's title above its message, and answers its key. The provider in
 * app/providers.tsx shows one at a time for 5000 ms.
 */
export function useToast() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    ({ title, message, variant }: Toast): ToastKey =>
      enqueueSnackbar(
        <span style={{ display: 'block', maxWidth: 420 }}>
          <strong style={{ display: 'block' }}>{title}</strong>
          <span style={{ display: 'block', overflowWrap: 'anywhere' }}>{message}</span>
        </span>,
        { variant },
      ),
    [enqueueSnackbar],
  );
}

/** Takes a toast away before its time, e.g. an error the next attempt has made stale. */
export function useDismissToast() {
  const { closeSnackbar } = useSnackbar();
  return useCallback((key: ToastKey) => closeSnackbar(key), [closeSnackbar]);
}
