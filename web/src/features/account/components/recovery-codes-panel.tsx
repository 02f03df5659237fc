import ContentCopy from '@mui/icons-material/ContentCopy';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useToast } from '#web/lib/toast.tsx';

const codesText = (codes: readonly string[]) => `Recovery codes for the admin area. Each works once.\n\n${codes.join('\n')}\n`;

function download(codes: readonly string[]) {
  const url = URL.createObjectURL(new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The new recovery codes, shown this once, with ways to keep them. */
export function RecoveryCodesPanel({ codes, onDone, doneLabel }: { codes: readonly string[]; onDone: () => void; doneLabel: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(codes));
      toast({ title: 'Copied', message: 'The recovery codes are on the clipboard.', variant: 'default' });
    } catch {
      toast({ title: 'Could not copy', message: 'Select the codes and copy them, or download them.', variant: 'error' });
    }
  };
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        Save these recovery codes somewhere safe now: they are shown only this once. Each code works once, to sign in when you do not have
        your authenticator app or passkey.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 5,
          rowGap: 0.5,
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Typography component="span" sx={{ fontFamily: 'inherit' }}>
              {code}
            </Typography>
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopy aria-hidden />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" startIcon={<Download aria-hidden />} onClick={() => download(codes)}>
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          {doneLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
