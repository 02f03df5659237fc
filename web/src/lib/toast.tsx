import { useSnackbar } from 'notistack';
import { useCallback } from 'react';

export interface Toast {
  title: string;
  message: string;
  /** The spec's 'default' and 'destructive' variants; notistack calls the second 'error'. */
  variant: 'default' | 'error';
}

/**
 * Shows a toast with the spec's title above its message. The provider in
 * app/providers.tsx shows one at a time for 5000 ms.
 */
export function useToast() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    ({ title, message, variant }: Toast) => {
      enqueueSnackbar(
        <span style={{ display: 'block', maxWidth: 420 }}>
          <strong style={{ display: 'block' }}>{title}</strong>
          <span style={{ display: 'block', overflowWrap: 'anywhere' }}>{message}</span>
        </span>,
        { variant },
      );
    },
    [enqueueSnackbar],
  );
}
