import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { totpConfirmSchema, type AccountSummary, type TotpConfirm, type TotpEnrolment } from '@site/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useToast } from '#web/lib/toast.tsx';
import { useConfirmTotp, useDisableTotp, useRenewRecoveryCodes, useStartTotp } from '../api/account';
import { CurrentPasswordField, confirmHint } from '#web/components/current-password-field.tsx';
import { PasswordConfirmDialog } from '#web/components/password-confirm-dialog.tsx';
import { plainErrorText, showServerErrors } from '#web/lib/form-errors.ts';
import { qrCodeDataUrl } from '../lib/qr-code';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { Section } from './section';

function QrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    qrCodeDataUrl(url)
      .then((dataUrl) => current && setSrc(dataUrl))
      .catch(() => current && setSrc(null));
    return () => {
      current = false;
    };
  }, [url]);
  if (!src) return <Box sx={{ width: 200, height: 200, bgcolor: 'grey.100' }} aria-hidden />;
  return (
    <Box
      component="img"
      src={src}
      alt="QR code to scan with your authenticator app"
      width={200}
      height={200}
      sx={{ display: 'block', bgcolor: 'common.white' }}
    />
  );
}

/**
 * Scan (or type) the new secret, then prove it works with a code from the app; the current
 * password goes with the code, so a borrowed session alone cannot put its own app on.
 */
function Enrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTotp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof totpConfirmSchema>, unknown, TotpConfirm>({
    resolver: zodResolver(totpConfirmSchema),
    defaultValues: { code: '', currentPassword: '' },
  });
  const onSubmit = (input: TotpConfirm) =>
    confirm.mutate(input, {
      onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
      onError: (error) => {
        const message = showServerErrors(error, ['currentPassword', 'code'], setError);
        if (message) setError('code', { message }, { shouldFocus: true });
      },
    });
  return (
    <Stack spacing={2}>
      <Typography>
        1. Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).
      </Typography>
      <QrCode url={enrolment.otpauthUrl} />
      <Typography>Or type this key into the app instead. It is shown only this once:</Typography>
      <Typography
        component="code"
        aria-label="Setup key"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', overflowWrap: 'anywhere', bgcolor: 'grey.100', p: 1, borderRadius: 1 }}
      >
        {enrolment.secret}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
        <Typography>2. Enter the 6-digit code the app now shows, and your current password.</Typography>
        <TextField
          label="Code from the app"
          autoComplete="one-time-code"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(errors.code)}
          helperText={errors.code?.message}
          {...register('code')}
          sx={{ maxWidth: 320 }}
        />
        <CurrentPasswordField {...register('currentPassword')} error={errors.currentPassword} hint={confirmHint} sx={{ maxWidth: 320 }} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={confirm.isPending}>
            {confirm.isPending ? 'Checking...' : 'Turn on'}
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Stack>
      </Stack>
    </Stack>
  );
}

interface TotpSectionProps {
  account: Pick<AccountSummary, 'totp' | 'recoveryCodesLeft'>;
  /** TOTP was just turned on (and its codes saved): the page may leave second-factor set-up. */
  onEnrolled: () => void;
  /** Whether the page moves on once TOTP is on, for the button under the codes. */
  leavesAfterEnrolment: boolean;
}

export function TotpSection({ account, onEnrolled, leavesAfterEnrolment }: TotpSectionProps) {
  const toast = useToast();
  const start = useStartTotp();
  const disable = useDisableTotp();
  const renew = useRenewRecoveryCodes();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  /** New codes, with where they came from: set-up finishes only after they are saved. */
  const [codes, setCodes] = useState<{ codes: string[]; enrolled: boolean } | null>(null);
  const [dialog, setDialog] = useState<'renew' | 'disable' | null>(null);

  const onStart = () => start.mutate(undefined, { onSuccess: setEnrolment });
  const onCodesSaved = () => {
    const enrolled = codes?.enrolled ?? false;
    setCodes(null);
    if (enrolled) onEnrolled();
  };

  let body;
  if (codes) {
    body = (
      <RecoveryCodesPanel
        codes={codes.codes}
        onDone={onCodesSaved}
        doneLabel={codes.enrolled && leavesAfterEnrolment ? 'I saved them, continue' : 'Done'}
      />
    );
  } else if (enrolment) {
    body = (
      <Enrolment
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onConfirmed={(recoveryCodes) => {
          setEnrolment(null);
          setCodes({ codes: recoveryCodes, enrolled: true });
        }}
      />
    );
  } else if (account.totp) {
    body = (
      <Stack spacing={2}>
        <Typography>
          Authenticator app: <strong>on</strong>
        </Typography>
        <Typography>
          Recovery codes left: <strong>{account.recoveryCodesLeft}</strong>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => setDialog('renew')}>
            Make new recovery codes
          </Button>
          <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
            Turn off
          </Button>
        </Stack>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          Authenticator app: <strong>off</strong>. With it on, signing in asks for a code from the app on your phone as well as your
          password.
        </Typography>
        {start.error && <Alert severity="error">{plainErrorText(start.error)}</Alert>}
        <Button variant="contained" onClick={onStart} disabled={start.isPending}>
          {start.isPending ? 'Starting...' : 'Set up authenticator app'}
        </Button>
      </Stack>
    );
  }

  return (
    <Section title="Authenticator app">
      {body}
      <PasswordConfirmDialog
        open={dialog === 'renew'}
        title="Make new recovery codes"
        text="Your current recovery codes stop working and 10 new ones are shown once."
        confirmLabel="Make new codes"
        onClose={() => setDialog(null)}
        onConfirm={async (input) => {
          const { recoveryCodes } = await renew.mutateAsync(input);
          setCodes({ codes: recoveryCodes, enrolled: false });
        }}
      />
      <PasswordConfirmDialog
        open={dialog === 'disable'}
        title="Turn off the authenticator app"
        text="Signing in will no longer ask for a code from the app, and your recovery codes stop working."
        confirmLabel="Turn off"
        onClose={() => setDialog(null)}
        onConfirm={async (input) => {
          await disable.mutateAsync(input);
          toast({ title: 'Authenticator app turned off', message: 'Signing in no longer asks for its code.', variant: 'default' });
        }}
      />
    </Section>
  );
}
