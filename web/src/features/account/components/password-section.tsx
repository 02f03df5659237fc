import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { passwordChangeSchema, passwordMinLength } from '@site/domain';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useToast } from '#web/lib/toast.tsx';
import { useChangePassword } from '../api/account';
import { CurrentPasswordField } from '#web/components/current-password-field.tsx';
import { useFormError } from '#web/lib/form-errors.ts';
import { Section } from './section';
import { FormSubmit } from './form-parts';

const passwordForm = passwordChangeSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.newPassword, { path: ['confirmPassword'], message: 'The two new passwords differ' });
type PasswordForm = z.infer<typeof passwordForm>;

export function PasswordSection({ username }: { username: string }) {
  const toast = useToast();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(passwordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const formError = useFormError(setError, ['currentPassword', 'newPassword']);

  const onSubmit = ({ currentPassword, newPassword }: PasswordForm) => {
    formError.clear();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          toast({ title: 'Password changed', message: 'Password changed. Your other sessions have been signed out.', variant: 'default' });
        },
        onError: formError.show,
      },
    );
  };

  return (
    <Section title="Change password">
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)} sx={{ maxWidth: 420 }}>
        {/* Lets password managers file the new password under this account. */}
        <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
        <CurrentPasswordField {...register('currentPassword')} error={errors.currentPassword} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword?.message ?? `At least ${passwordMinLength} characters; a few unrelated words work well`}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          fullWidth
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormSubmit error={formError.message} pending={change.isPending} pendingText="Changing...">
          Change password
        </FormSubmit>
      </Stack>
    </Section>
  );
}
