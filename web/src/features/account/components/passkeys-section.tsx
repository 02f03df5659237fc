import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { confirmPasswordSchema, passkeyNameSchema, type Passkey } from '@site/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDate } from '#web/lib/dates.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useAddPasskey, useRemovePasskey } from '../api/account';
import { CurrentPasswordField, confirmHint } from '#web/components/current-password-field.tsx';
import { PasswordConfirmDialog } from '#web/components/password-confirm-dialog.tsx';
import { useFormError } from '#web/lib/form-errors.ts';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { Section } from './section';
import { FormSubmit } from './form-parts';

const nameForm = z.object({ name: passkeyNameSchema }).extend(confirmPasswordSchema.shape);
type NameForm = z.infer<typeof nameForm>;

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const toast = useToast();
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  return (
    <ListItem
      divider
      disableGutters
      secondaryAction={
        <Button color="error" onClick={() => setConfirming(true)} disabled={remove.isPending} aria-label={`Remove passkey ${passkey.name}`}>
          Remove
        </Button>
      }
      sx={{ pr: 12 }}
    >
      <ListItemText
        primary={passkey.name}
        secondary={`Added ${formatDate(passkey.createdAt)} · ${passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'not used yet'}`}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
      <PasswordConfirmDialog
        open={confirming}
        title="Remove the passkey"
        text={`You can no longer sign in with "${passkey.name}".`}
        confirmLabel="Remove"
        onClose={() => setConfirming(false)}
        onConfirm={async ({ currentPassword }) => {
          await remove.mutateAsync({ id: passkey.id, currentPassword });
          toast({ title: 'Passkey removed', message: passkey.name, variant: 'default' });
        }}
      />
    </ListItem>
  );
}

interface PasskeysSectionProps {
  passkeys: readonly Passkey[];
  /** A passkey was added (and, for a first factor, its recovery codes saved). */
  onAdded: () => void;
  /** Whether the page moves on once a factor exists, for the button under the codes. */
  leavesAfterEnrolment: boolean;
}

export function PasskeysSection({ passkeys, onAdded, leavesAfterEnrolment }: PasskeysSectionProps) {
  const toast = useToast();
  const add = useAddPasskey();
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors },
  } = useForm<NameForm>({ resolver: zodResolver(nameForm), defaultValues: { name: 'Passkey', currentPassword: '' } });
  const formError = useFormError(setError, ['name', 'currentPassword']);

  const onSubmit = (input: NameForm) => {
    formError.clear();
    add.mutate(input, {
      onSuccess: ({ name: added, recoveryCodes }) => {
        resetField('currentPassword');
        toast({ title: 'Passkey added', message: `You can now sign in with "${added}".`, variant: 'default' });
        if (recoveryCodes?.length) setCodes(recoveryCodes);
        else onAdded();
      },
      onError: formError.show,
    });
  };

  return (
    <Section title="Passkeys">
      {codes ? (
        <RecoveryCodesPanel
          codes={codes}
          doneLabel={leavesAfterEnrolment ? 'I saved them, continue' : 'Done'}
          onDone={() => {
            setCodes(null);
            onAdded();
          }}
        />
      ) : (
        <Stack spacing={2}>
          <Typography>A passkey signs you in with this device's fingerprint, face or screen lock, or with your phone.</Typography>
          {passkeys.length === 0 ? (
            <Typography color="text.secondary">No passkeys yet.</Typography>
          ) : (
            <List aria-label="Your passkeys" disablePadding>
              {passkeys.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} />
              ))}
            </List>
          )}
          <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)} sx={{ maxWidth: 420 }}>
            <TextField
              label="Passkey name"
              required
              fullWidth
              slotProps={{ htmlInput: { maxLength: 60 } }}
              error={Boolean(errors.name)}
              helperText={errors.name?.message ?? 'For example the device it is on, to tell your passkeys apart'}
              {...register('name')}
            />
            <CurrentPasswordField {...register('currentPassword')} error={errors.currentPassword} hint={confirmHint} />
            <FormSubmit error={formError.message} pending={add.isPending} pendingText="Waiting for the passkey...">
              Add a passkey
            </FormSubmit>
          </Stack>
        </Stack>
      )}
    </Section>
  );
}
