import { Suspense, type ComponentType, type ReactNode } from 'react';
import { tabCode, type TabValue } from '#web/app/admin-code.ts';
import { loaderLazy } from '#web/app/loader-lazy.ts';
import { PageMeta } from '#web/components/page-meta.tsx';
import { ListSkeleton } from '#web/components/admin/list-skeleton.tsx';
import { AdminDashboard, type DashboardTab } from '#web/features/dashboard/admin-dashboard.tsx';
import { useDashboardStart } from '#web/features/dashboard/api/dashboard-start.ts';
import { inquiriesUrl } from '#web/features/leads/api/inquiries.ts';
import { quoteRequestsUrl } from '#web/features/leads/api/quote-requests.ts';
import { DeliveryWarning } from '#web/features/leads/components/delivery-warning.tsx';
import { LeadFigures } from '#web/features/leads/components/lead-figures.tsx';
import { useCountLiveVisits } from '#web/features/visitors/hooks/use-count-live-visits.ts';
import { useListCount } from '#web/lib/admin/list-query.ts';
import { ProtectedRoute } from '#web/lib/auth/protected-route.tsx';

// The tab the address asks for started downloading with the entry (admin-main.tsx).
const panels = {} as Record<TabValue, ComponentType>;
for (const value of Object.keys(tabCode) as TabValue[]) panels[value] = loaderLazy(tabCode[value]);

/** A tab's panel, with a placeholder of a list's first cards while its code loads. */
const panel = (value: TabValue, loading: string): ReactNode => {
  const Panel = panels[value];
  return (
    <Suspense fallback={<ListSkeleton label={loading} />}>
      <Panel />
    </Suspense>
  );
};

/** The dashboard with every feature's tab: the lead, review and visitor tabs count their lists in their labels. */
function Dashboard() {
  // The first screen: in the cache already when the session was read with it (the admin layout on /admin).
  const start = useDashboardStart();
  // The counts wait for it (it seeds them), unless it failed: then each is read on its own.
  const ready = { enabled: start.data !== undefined || start.isError };
  const inquiries = useListCount('project_inquiries', inquiriesUrl, ready);
  const quotes = useListCount('quote_requests', quoteRequestsUrl, ready);
  const reviews = useListCount('reviews', '/api/reviews/all', ready);
  const visitors = useListCount('visitor_tracking', '/api/visitors', ready);
  const countLiveVisits = useCountLiveVisits();
  const tabs: DashboardTab[] = [
    {
      value: 'inquiries',
      label: 'Inquiries',
      count: inquiries.data,
      heading: 'Project inquiries',
      panel: panel('inquiries', 'Loading inquiries'),
    },
    {
      value: 'quotes',
      label: 'Quote requests',
      count: quotes.data,
      heading: 'Quote requests',
      panel: panel('quotes', 'Loading quote requests'),
    },
    { value: 'calendar', label: 'Calendar', heading: 'Calendar', panel: panel('calendar', 'Loading the calendar') },
    { value: 'reviews', label: 'Reviews', count: reviews.data, heading: 'Reviews', panel: panel('reviews', 'Loading reviews') },
    { value: 'visitors', label: 'Visitors', count: visitors.data, heading: 'Visitors', panel: panel('visitors', 'Loading visitors') },
    { value: 'sources', label: 'Sources', heading: 'Lead sources', panel: panel('sources', 'Loading lead sources') },
    { value: 'projects', label: 'Projects', heading: 'Projects', panel: panel('projects', 'Loading projects') },
    { value: 'models', label: '3D Models', heading: '3D Models', panel: panel('models', 'Loading 3D models') },
    { value: 'activity', label: 'Activity', heading: 'Activity', panel: panel('activity', 'Loading activity') },
    { value: 'privacy', label: 'Privacy', heading: 'Privacy', panel: panel('privacy', 'Loading privacy') },
    { value: 'settings', label: 'Settings', heading: 'Settings', panel: panel('settings', 'Loading settings') },
  ];
  return (
    <AdminDashboard
      tabs={tabs}
      lists={[start, inquiries, quotes, reviews, visitors]}
      figures={<LeadFigures />}
      notices={<DeliveryWarning />}
      onLiveChange={countLiveVisits}
    />
  );
}

/** /admin: the staff dashboard, composed of the lead, calendar, review, visitor, source, project, 3D model, activity, privacy and settings features. */
export default function AdminPage() {
  return (
    <>
      <PageMeta
        title="Admin Dashboard"
        description="Staff dashboard for project inquiries, quote requests, reviews and visitors."
        keywords="admin, dashboard, inquiries, quotes, reviews"
        noindex
      />
      <ProtectedRoute>
        <Dashboard />
      </ProtectedRoute>
    </>
  );
}
