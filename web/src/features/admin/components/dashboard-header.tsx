import Logout from '@mui/icons-material/Logout';
import { Box, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { useAuth } from '../../auth/hooks/use-auth';
import type { LiveStatus } from '../hooks/use-live-changes';

const liveText: Record<LiveStatus, string> = {
  connecting: 'Connecting...',
  live: 'Live',
  reconnecting: 'Reconnecting...',
};

export function DashboardHeader({ live }: { live: LiveStatus }) {
  const { user, logoutMutation } = useAuth();
  return (
    <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 2 }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Box>
            <Typography component="h1" variant="h5">
              Admin Dashboard
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.9 }}>
              Logged in as <strong>{user?.username}</strong>
            </Typography>
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Chip
              role="status"
              label={liveText[live]}
              size="small"
              sx={{
                color: 'inherit',
                borderColor: 'currentColor',
                '& .MuiChip-label::before': {
                  content: '""',
                  display: 'inline-block',
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  mr: 0.75,
                  bgcolor: live === 'live' ? '#66bb6a' : '#ffb547',
                },
              }}
              variant="outlined"
            />
            <Button
              variant="outlined"
              color="inherit"
              startIcon={<Logout aria-hidden />}
              onClick={() => logoutMutation.mutate()}
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
