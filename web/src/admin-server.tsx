/**
 * The staff dashboard's first screen rendered on the server (the embedded server and the `api`
 * Cloud Function call this for GET /admin with a session): the same React tree the app renders,
 * from the same queries, with Emotion's rules for what it drew and the query cache it drew from.
 * The page then shows the dashboard with no script run; the app takes the markup over (React
 * hydrating it) when the owner first uses the page (admin-main.tsx).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { askedTab, loadAdminPage, tabCode, type TabModule, type TabValue } from './app/admin-code';
import { AdminRoutes } from './app/admin-app-routes';
import { firstScreenStateScript } from './app/first-screen';
import { PartBoundary } from './components/admin/part-boundary';
import { paths } from './config/paths';
import { sessionWithDashboard } from './features/dashboard/api/dashboard-start';
import { setApiTransport } from './lib/api-client';
import { userQueryKey } from './lib/auth/auth-api';
import { createQueryClient, setServerQueryClient } from './lib/query-client';
import { theme } from './lib/theme';

/** The tabs whose first screen the server renders: the lead lists and the calendar, which the owner opens most. */
const renderedTabs: readonly TabValue[] = ['inquiries', 'quotes', 'calendar'];
/** Parameters of such an address the first screen reads; any other (a linked lead) is the app's to show. */
const renderedParams = new Set(['tab', 'status', 'q', 'overdue', 'day']);

export interface AdminRenderInput {
  /** The address asked for: its path and query (the server never sees a hash). */
  url: string;
  /** Answers the app's API requests as the signed-in owner: the API in the same process, with the request's cookie. */
  fetch: typeof fetch;
  /** The screen's width in CSS pixels as the request tells it (or guesses it), for the layout's media queries. */
  width: number;
}

export interface AdminRendered {
  /** The inner HTML of #root. */
  html: string;
  /** Emotion's <style> tags for it, for <head>. */
  styles: string;
  /** The query cache it was rendered from, for the app to start with: a script tag to put after #root. */
  state: string;
}

/** Whether the server renders this address's first screen (else the page is the app's shell, as before). */
export function rendersFirstScreen(url: string): boolean {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname !== paths.admin) return false;
  for (const name of searchParams.keys()) if (!renderedParams.has(name)) return false;
  return renderedTabs.includes(askedTab(`?${searchParams}`));
}

/** MUI's media queries (`min-width` and `max-width` in px, as its breakpoints write them) as a screen `width` wide answers them. */
export const matchesWidth = (width: number) => (query: string) => ({
  matches: [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, side, px]) =>
    side === 'min' ? width >= Number(px) : width <= Number(px),
  ),
});

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

// The app's modules keep one query client, one API transport and one theme: renders take turns.
let queue: Promise<unknown> = Promise.resolve();

/**
 * The first screen of the dashboard at `url` for the owner `fetch` speaks for; null when the
 * address is not one the server renders (rendersFirstScreen), or nobody is signed in, or the
 * account must set up its second factor first (the app then shows what it shows today).
 */
export function renderAdminPage(input: AdminRenderInput): Promise<AdminRendered | null> {
  const turn = queue.then(() => render(input));
  queue = turn.catch(() => undefined);
  return turn;
}

async function render({ url, fetch, width }: AdminRenderInput): Promise<AdminRendered | null> {
  if (!rendersFirstScreen(url)) return null;
  const { search } = new URL(url, 'http://localhost');
  const tab = tabCode[askedTab(search)];
  const queryClient = createQueryClient();
  setApiTransport(fetch);
  setServerQueryClient(queryClient);
  theme.components = { ...theme.components, MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: matchesWidth(width) } } };
  try {
    const [user, module] = await Promise.all([sessionWithDashboard(queryClient), tab() as Promise<TabModule>, loadAdminPage()]);
    // No session, or one that must first set up its second factor: the app's own screens.
    if (!user || user.mfaSetupRequired) return null;
    queryClient.setQueryData(userQueryKey, user);
    await module.firstScreen?.(queryClient, { search, hash: '' });
    const cache = createCache({ key: 'css' });
    const emotion = createEmotionServer(cache);
    let failed: unknown;
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <CacheProvider value={cache}>
          <PartBoundary part="This page">
            <StaticRouter location={url}>
              <AdminRoutes />
            </StaticRouter>
          </PartBoundary>
        </CacheProvider>
      </StrictMode>,
      {
        onError: (error) => {
          failed ??= error;
        },
        // One document, no boundary sent apart with a script to reveal it (the page's CSP runs no inline script).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    const html = await streamToString(prelude);
    // A part that failed would be drawn by the browser: the app's own start does that better.
    if (failed) throw failed;
    return {
      html,
      styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
      state: firstScreenStateScript(dehydrate(queryClient)),
    };
  } finally {
    setApiTransport(undefined);
    setServerQueryClient(undefined);
  }
}
