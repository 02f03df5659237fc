import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginInputSchema, type LoginInput } from '@site/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';
import { PageMeta } from '#web/components/page-meta.tsx';
import { isMfaChallenge } from '#web/lib/auth/auth-api.ts';
import { useAuth } from '#web/lib/auth/use-auth.ts';
import { SecondFactorStep } from './components/second-factor-step';
import { safeNext } from './lib/safe-next';

const adminPoints = ['View all project inquiries', 'Access customer contact details', 'Track project timelines and budgets'];

export default function LoginPage() {
  const { user, loginMutation, secondFactorMutation } = useAuth();
  const [searchParams] = useSearchParams();
  // Why the admin is back at the password step (the pending sign-in expired), if so.
  const [notice, setNotice] = useState<string | null>(null);
  const next = safeNext(searchParams.get('next'));
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: '', password: '' },
  });

  // Signed in already, or just now: the login mutation stores the user and this redirects.
  if (user) return <Navigate to={next} replace />;

  const onSubmit = (input: LoginInput) => {
    setNotice(null);
    secondFactorMutation.reset();
    loginMutation.mutate(input);
  };
  const pending = loginMutation.isPending;
  // The password was right and a second factor is asked for: the session starts after it.
  const challenge = loginMutation.data && isMfaChallenge(loginMutation.data) ? loginMutation.data : null;
  const backToPassword = (message: string | null) => {
    setNotice(message);
    resetField('password');
    loginMutation.reset();
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <PageMeta
        title="Admin Login"
        description="Staff sign-in for the renovation inquiry dashboard."
        keywords="admin, login, staff"
        noindex
      />
      <Card sx={{ width: '100%', maxWidth: 880, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, overflow: 'hidden' }}>
        <CardContent sx={{ p: { xs: 3, md: 5 } }}>
          <Typography component="h1" variant="h4" gutterBottom>
            Admin Login
          </Typography>
          {challenge ? (
            <>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                Second step: confirm it is you.
              </Typography>
              <SecondFactorStep methods={challenge.methods} onExpired={backToPassword} onCancel={() => backToPassword(null)} />
            </>
          ) : (
            <>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                Sign in with your staff account.
              </Typography>
              {notice && (
                <Alert severity="warning" sx={{ mb: 2.5 }}>
                  {notice}
                </Alert>
              )}
              <Stack component="form" noValidate spacing={2.5} onSubmit={handleSubmit(onSubmit)}>
                <TextField
                  label="Username"
                  autoComplete="username"
                  required
                  autoFocus
                  fullWidth
                  error={Boolean(errors.username)}
                  helperText={errors.username?.message}
                  {...register('username')}
                />
                <TextField
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  required
                  fullWidth
                  error={Boolean(errors.password)}
                  helperText={errors.password?.message}
                  {...register('password')}
                />
                <Button type="submit" variant="contained" size="large" disabled={pending}>
                  {pending ? 'Logging in...' : 'Login'}
                </Button>
              </Stack>
            </>
          )}
        </CardContent>
        <Box
          component="aside"
          aria-labelledby="admin-points"
          sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', p: { xs: 3, md: 5 } }}
        >
          <Typography id="admin-points" component="h2" variant="h5" gutterBottom>
            Your renovation dashboard
          </Typography>
          <Typography sx={{ mb: 2, opacity: 0.9 }}>Everything the team needs to follow up every lead:</Typography>
          <List disablePadding>
            {adminPoints.map((point) => (
              <ListItem key={point} disableGutters>
                <ListItemIcon sx={{ color: 'inherit', minWidth: 36 }}>
                  <CheckCircleOutline aria-hidden />
                </ListItemIcon>
                <ListItemText primary={point} />
              </ListItem>
            ))}
          </List>
        </Box>
      </Card>
    </Box>
  );
}
