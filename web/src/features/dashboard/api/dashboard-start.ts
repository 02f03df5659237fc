import type { DashboardStart, LiveCollection, User } from '@site/domain';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';
import { getSession } from '#web/lib/auth/auth-api.ts';
import { seedGoLiveChecklist } from './go-live';

const dashboardUrl = '/api/dashboard';

/**
 * Puts each part of GET /api/dashboard's answer where its own query keeps it: the tab counts,
 * the lead tabs' status counts, the header's figures, the delivery status, the go-live checklist. Their components then
 * render with it at once, and refresh it through their own routes as before.
 */
function seed(queryClient: QueryClient, start: DashboardStart) {
  const { dashboard } = start;
  queryClient.setQueryData(adminKeys.dashboardStart, start);
  if (!dashboard) return;
  const counts: Record<keyof typeof dashboard.counts, LiveCollection> = {
    inquiries: 'project_inquiries',
    quotes: 'quote_requests',
    reviews: 'reviews',
    visitors: 'visitor_tracking',
  };
  for (const [name, collection] of Object.entries(counts) as [keyof typeof counts, LiveCollection][]) {
    queryClient.setQueryData(adminKeys.count(collection), dashboard.counts[name]);
  }
  // The lead tabs' status chips, as their query reads them with an empty search box.
  queryClient.setQueryData(adminKeys.statusCounts('project_inquiries', ''), dashboard.statusCounts.inquiries);
  queryClient.setQueryData(adminKeys.statusCounts('quote_requests', ''), dashboard.statusCounts.quotes);
  queryClient.setQueryData(adminKeys.leadStats, dashboard.leadStats);
  queryClient.setQueryData(adminKeys.deliveryStatus, dashboard.delivery);
  seedGoLiveChecklist(queryClient, dashboard.checklist);
}

/**
 * The session as the dashboard's address loads it: GET /api/dashboard, which answers the
 * signed-in admin with the dashboard's first screen, seeded into the cache on the way. Null
 * when nobody is signed in. The admin layout reads the session this way on /admin, so a phone
 * waits for one round trip before the dashboard, not for one per part of it.
 */
export async function sessionWithDashboard(queryClient: QueryClient): Promise<User | null> {
  const start = await getSession<DashboardStart>(dashboardUrl);
  if (!start) return null;
  seed(queryClient, start);
  return start.user;
}

const dashboardStartQuery = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: adminKeys.dashboardStart,
    queryFn: async () => {
      const start = await getSession<DashboardStart>(dashboardUrl);
      if (start) seed(queryClient, start);
      return start;
    },
  });

/**
 * The dashboard's first screen: already in the cache when the session was read with it
 * (sessionWithDashboard), else (the admin came from the login page) read now, in one request.
 */
export function useDashboardStart() {
  const queryClient = useQueryClient();
  return useQuery(dashboardStartQuery(queryClient));
}
