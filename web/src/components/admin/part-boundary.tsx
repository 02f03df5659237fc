import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';

/**
 * Keeps a part of the admin area that fails from taking the page with it. The parts load their
 * code when first shown (a tab, a card's note form, the quote builder); a download cut by a
 * dropped connection, or a fault while rendering, would otherwise unmount the whole page and
 * leave it blank. Here the part says so, with a way out, and the rest (the other tabs, the live
 * status, what is typed elsewhere) stays. React keeps a failed lazy import failed, so reloading
 * is what tries again.
 */
export function PartBoundary({ part, children }: { part: string; children: ReactNode }) {
  return <ErrorBoundary fallback={<PartFailed part={part} />}>{children}</ErrorBoundary>;
}

function PartFailed({ part }: { part: string }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    >
      {part} did not load. Check the connection, then reload the page.
    </Alert>
  );
}
