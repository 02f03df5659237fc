import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountSummary } from '@site/domain';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AdminHeader } from '#web/components/admin/admin-header.tsx';
import { paths } from '#web/config/paths.ts';
import { isMfaSetupRequired } from '#web/lib/auth/auth-api.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { useAccount } from './api/account';
import { PasskeysSection } from './components/passkeys-section';
import { PasswordSection } from './components/password-section';
import { SessionsSection } from './components/sessions-section';
import { TotpSection } from './components/totp-section';
import { plainErrorText } from '#web/lib/form-errors.ts';

/** What set-up shows when the server will not yet tell more than that no factor exists. */
const noFactors: Pick<AccountSummary, 'totp' | 'recoveryCodesLeft' | 'passkeys'> = { totp: false, recoveryCodesLeft: 0, passkeys: [] };

function AccountHeader({ setupRequired }: { setupRequired: boolean }) {
  return (
    <AdminHeader
      title="Account"
      maxWidth="md"
      actions={
        !setupRequired && (
          <Button variant="outlined" color="inherit" startIcon={<ArrowBack aria-hidden />} component={RouterLink} to={paths.admin}>
            Dashboard
          </Button>
        )
      }
    />
  );
}

/** /admin/account: the signed-in admin's second factors, password and sessions. */
export default function AccountPage() {
  const { user, refreshUser } = useAuth();
  const navigate = useNavigate();
  const account = useAccount();
  const setupRequired = user?.mfaSetupRequired === true;

  // Set-up done: the server drops the flag, and the rest of the admin area opens.
  const onFactorAdded = () => {
    if (!setupRequired) return;
    void refreshUser()
      .then((fresh) => {
        if (fresh && !fresh.mfaSetupRequired) void navigate(paths.admin, { replace: true });
      })
      .catch(() => undefined);
  };

  // While set-up is required the server may refuse even the summary: nothing is set up yet.
  const factors = account.data ?? (setupRequired && isMfaSetupRequired(account.error) ? noFactors : null);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <AccountHeader setupRequired={setupRequired} />
      <Container component="main" maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={3}>
          {setupRequired && (
            <Alert severity="info">Your business requires a second factor. Set up an authenticator app or a passkey to continue.</Alert>
          )}
          {!factors && account.error ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void account.refetch()}>
                  Retry
                </Button>
              }
            >
              Could not load your account: {plainErrorText(account.error)}
            </Alert>
          ) : !factors ? (
            <Typography role="status" color="text.secondary">
              Loading...
            </Typography>
          ) : (
            <>
              <TotpSection account={factors} onEnrolled={onFactorAdded} leavesAfterEnrolment={setupRequired} />
              <PasskeysSection passkeys={factors.passkeys} onAdded={onFactorAdded} leavesAfterEnrolment={setupRequired} />
            </>
          )}
          {!setupRequired && user && <PasswordSection username={user.username} />}
          {!setupRequired && <SessionsSection />}
        </Stack>
      </Container>
    </Box>
  );
}
