import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { Suspense, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { adminRoutes, showroomRoute } from './routes';
import { createQueryClient } from './query-client';
import { theme } from './theme';

const router = createBrowserRouter([
  { path: '/', element: <h1>Transform Your Kitchen &amp; Bathroom</h1> },
  showroomRoute,
  ...adminRoutes,
  { path: '*', element: <h1>Page Not Found</h1> },
]);

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider maxSnack={1} autoHideDuration={5000}>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
