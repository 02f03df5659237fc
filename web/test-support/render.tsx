import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import DialogProviders from '../src/components/dialog-providers';
import { AuthProvider } from '../src/lib/auth/auth-provider';
import { createQueryClient } from '../src/lib/query-client';

interface RenderOptions {
  /** The address the part is shown at, in a router; none without it. */
  url?: string;
  /** With the session (GET /api/user), as the admin pages have it. */
  auth?: boolean;
  /** The query client, when the test reads or changes its cache; a fresh one by default. */
  queryClient?: QueryClient;
}

/**
 * Renders a part of the site with what the admin area gives it: the theme, toasts and dialogs,
 * a query client of its own (nothing cached by another test), and, when asked, the session and
 * a router at `url`. Returns a user to drive it and the query client.
 */
export function renderWithProviders(ui: ReactNode, { url, auth = false, queryClient = createQueryClient() }: RenderOptions = {}) {
  const routed = url === undefined ? ui : <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>;
  render(
    <DialogProviders>
      <QueryClientProvider client={queryClient}>{auth ? <AuthProvider>{routed}</AuthProvider> : routed}</QueryClientProvider>
    </DialogProviders>,
  );
  return { user: userEvent.setup(), queryClient };
}
