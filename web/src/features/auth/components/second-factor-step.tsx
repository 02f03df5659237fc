import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { codeInputSchema, type CodeInput, type MfaMethod } from '@site/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isLoginExpired, type SecondFactor } from '#web/lib/auth/auth-api.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { serverMessage } from '#web/lib/error-text.ts';

type CodeKind = 'totp' | 'recovery';

const codeText: Record<CodeKind, { intro: string; label: string; switchTo: string }> = {
  totp: {
    intro: 'Enter the 6-digit code from your authenticator app.',
    label: 'Authentication code',
    switchTo: 'Use a recovery code',
  },
  recovery: {
    intro: 'Enter one of the recovery codes you saved when you set up the authenticator app. Each works once.',
    label: 'Recovery code',
    switchTo: 'Use the authenticator app',
  },
};

interface SecondFactorStepProps {
  methods: readonly MfaMethod[];
  /** The pending sign-in is gone (5 minutes): back to the password, with the server's message. */
  onExpired: (message: string) => void;
  onCancel: () => void;
}

/** The login's second step: a code from the authenticator app, a recovery code or a passkey. */
export function SecondFactorStep({ methods, onExpired, onCancel }: SecondFactorStepProps) {
  const { secondFactorMutation } = useAuth();
  const hasTotp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');
  const [kind, setKind] = useState<CodeKind>('totp');
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof codeInputSchema>, unknown, CodeInput>({
    resolver: zodResolver(codeInputSchema),
    defaultValues: { code: '' },
  });

  const send = (factor: SecondFactor) => {
    setPasskeyError(null);
    secondFactorMutation.mutate(factor, {
      onError: (error) => {
        if (isLoginExpired(error)) onExpired(serverMessage(error));
        else if (factor.method === 'passkey') setPasskeyError(serverMessage(error));
        else setError('code', { message: serverMessage(error) }, { shouldFocus: true });
      },
    });
  };

  const switchKind = () => {
    setKind((current) => (current === 'totp' ? 'recovery' : 'totp'));
    resetField('code');
    clearErrors();
    // The same field takes the other kind of code: keep the keyboard there.
    setTimeout(() => setFocus('code'), 0);
  };

  const pending = secondFactorMutation.isPending;
  const text = codeText[kind];

  return (
    <Stack spacing={2.5}>
      {hasTotp && (
        <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(({ code }) => send({ method: 'totp', code }))}>
          <Typography id="second-factor-intro">{text.intro}</Typography>
          <TextField
            key={kind}
            label={text.label}
            autoComplete="one-time-code"
            required
            autoFocus
            fullWidth
            slotProps={{
              htmlInput: {
                inputMode: kind === 'totp' ? 'numeric' : 'text',
                autoCapitalize: 'none',
                spellCheck: false,
                'aria-describedby': 'second-factor-intro',
              },
            }}
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {pending ? 'Checking...' : 'Verify'}
          </Button>
          <Link component="button" type="button" onClick={switchKind} sx={{ alignSelf: 'flex-start' }}>
            {text.switchTo}
          </Link>
        </Stack>
      )}
      {hasTotp && hasPasskey && <Divider>or</Divider>}
      {hasPasskey && (
        <Stack spacing={1.5}>
          {!hasTotp && <Typography>Sign in with the passkey on this device or your phone.</Typography>}
          <Button variant={hasTotp ? 'outlined' : 'contained'} size="large" disabled={pending} onClick={() => send({ method: 'passkey' })}>
            Use a passkey
          </Button>
          {passkeyError && <Alert severity="error">{passkeyError}</Alert>}
        </Stack>
      )}
      <Link component="button" type="button" onClick={onCancel} sx={{ alignSelf: 'flex-start' }}>
        Sign in as someone else
      </Link>
    </Stack>
  );
}
