import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useToast } from '#web/lib/toast.tsx';
import { errorText } from '#web/lib/error-text.ts';
import { downloadCsv } from '../lib/csv';
import { exportFilename } from '../lib/exports';

interface ExportButtonProps {
  /** The file name's start, e.g. "quote-requests". */
  name: string;
  /** For the error message, e.g. "quote requests". */
  noun: string;
  build: () => Promise<string>;
}

/** Exports every record, not just the loaded pages: the builder walks the API's cursor. */
export function ExportButton({ name, noun, build }: ExportButtonProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      downloadCsv(exportFilename(name), await build());
    } catch (error) {
      toast({ title: 'Error', message: `Failed to export ${noun}: ${errorText(error)}`, variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<Download aria-hidden />} onClick={onClick} disabled={busy}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
