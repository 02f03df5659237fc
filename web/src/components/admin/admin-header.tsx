import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { useLeaveGuard } from '../leave-guard';

interface AdminHeaderProps {
  /** The page's name: its h1. */
  title: string;
  /** The width of the page's content, so the header lines up with it. */
  maxWidth: 'md' | 'lg';
  /** Lines under "Logged in as". */
  children?: ReactNode;
  /** At the end of the "Logged in as" line, e.g. whether live updates arrive. */
  status?: ReactNode;
  /** What comes before Logout, e.g. the links to the other admin page. */
  actions?: ReactNode;
}

/** The admin pages' header: the page's name, who is signed in, and the page's buttons with Logout last. */
export function AdminHeader({ title, maxWidth, children, actions, status }: AdminHeaderProps) {
  const { user, logoutMutation } = useAuth();
  const guard = useLeaveGuard();
  const logout = () => logoutMutation.mutate();
  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 2 }}>
      <Container maxWidth={maxWidth}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Box>
            <Typography component="h1" variant="h5">
              {title}
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              Logged in as <strong>{user?.username}</strong>
              {status}
            </Typography>
            {children}
          </Box>
          {/* A gap, not margins: a button that wraps to the next line starts at its edge. Beside the
              title (from 600 px) the buttons keep one line; the title's side wraps instead. */}
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, flexShrink: { sm: 0 } }}>
            {actions}
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<Logout aria-hidden />}
              // Unsaved changes on the page are asked about first.
              onClick={() => (guard ? guard.leave({ proceed: logout }) : logout())}
              disabled={logoutMutation.isPending}
            >
              {logoutMutation.isPending ? 'Logging out...' : 'Logout'}
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
