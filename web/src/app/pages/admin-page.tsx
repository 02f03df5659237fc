import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ReactNode } from 'react';
import { PageMeta } from '../../components/page-meta';
import { ActivityTab } from '../../features/activity/activity-tab';
import { AdminDashboard, type DashboardTab } from '../../features/dashboard/admin-dashboard';
import { useInquiries } from '../../features/leads/api/inquiries';
import { useQuoteRequests } from '../../features/leads/api/quote-requests';
import { DeliveryWarning } from '../../features/leads/components/delivery-warning';
import { LeadFigures } from '../../features/leads/components/lead-figures';
import { InquiriesTab } from '../../features/leads/inquiries-tab';
import { QuoteRequestsTab } from '../../features/leads/quote-requests-tab';
import { LeadMeasure } from '../../features/calendar/components/lead-measure';
import { LeadQuotes } from '../../features/quotes-admin/components/lead-quotes';
import { PrivacyTab } from '../../features/privacy-requests/privacy-tab';
import { useAllReviews } from '../../features/reviews-admin/api/reviews';
import { ReviewsTab } from '../../features/reviews-admin/reviews-tab';
import { SourcesTab } from '../../features/sources/sources-tab';
import { useVisitors } from '../../features/visitors/api/visitors';
import { useCountLiveVisits } from '../../features/visitors/hooks/use-count-live-visits';
import { VisitorsTab } from '../../features/visitors/visitors-tab';
import { ProtectedRoute } from '../../lib/auth/protected-route';

// The 3D models feature is its own chunk: most visits to the dashboard never open its tab.
const ModelsTab = lazy(() => import('../../features/showroom-admin/models-tab'));
const ProjectsTab = lazy(() => import('../../features/projects-admin/projects-tab'));
const SettingsTab = lazy(() => import('../../features/settings/settings-tab'));
const CalendarTab = lazy(() => import('../../features/calendar/calendar-tab'));

/** A tab whose feature loads when it is first opened, with a spinner meanwhile. */
const lazyPanel = (panel: ReactNode, loading: string) => <Suspense fallback={<CircularProgress aria-label={loading} />}>{panel}</Suspense>;

/** Each lead card's quotes, from the quotes feature. */
const inquiryQuotes = (leadId: string, name: string, historyLength: number) => (
  <LeadQuotes kind="inquiry" leadId={leadId} name={name} historyLength={historyLength} />
);
const quoteRequestQuotes = (leadId: string, name: string, historyLength: number) => (
  <LeadQuotes kind="quote" leadId={leadId} name={name} historyLength={historyLength} />
);
/** A quote request's site measure, from the calendar feature. */
const quoteRequestMeasure = (bookingId: string) => <LeadMeasure bookingId={bookingId} />;

/** The dashboard with every feature's tab: the lead, review and visitor tabs count their lists in their labels. */
function Dashboard() {
  const inquiries = useInquiries();
  const quotes = useQuoteRequests();
  const reviews = useAllReviews();
  const visitors = useVisitors();
  const countLiveVisits = useCountLiveVisits();
  const tabs: DashboardTab[] = [
    {
      value: 'inquiries',
      label: 'Inquiries',
      count: inquiries.total,
      heading: 'Project inquiries',
      panel: <InquiriesTab quotes={inquiryQuotes} />,
    },
    {
      value: 'quotes',
      label: 'Quote requests',
      count: quotes.total,
      heading: 'Quote requests',
      panel: <QuoteRequestsTab quotes={quoteRequestQuotes} measure={quoteRequestMeasure} />,
    },
    { value: 'calendar', label: 'Calendar', heading: 'Calendar', panel: lazyPanel(<CalendarTab />, 'Loading the calendar') },
    { value: 'reviews', label: 'Reviews', count: reviews.total, heading: 'Reviews', panel: <ReviewsTab /> },
    { value: 'visitors', label: 'Visitors', count: visitors.total, heading: 'Visitors', panel: <VisitorsTab /> },
    { value: 'sources', label: 'Sources', heading: 'Lead sources', panel: <SourcesTab /> },
    { value: 'projects', label: 'Projects', heading: 'Projects', panel: lazyPanel(<ProjectsTab />, 'Loading projects') },
    { value: 'models', label: '3D Models', heading: '3D Models', panel: lazyPanel(<ModelsTab />, 'Loading 3D models') },
    { value: 'activity', label: 'Activity', heading: 'Activity', panel: <ActivityTab /> },
    { value: 'privacy', label: 'Privacy', heading: 'Privacy', panel: <PrivacyTab /> },
    { value: 'settings', label: 'Settings', heading: 'Settings', panel: lazyPanel(<SettingsTab />, 'Loading settings') },
  ];
  return (
    <AdminDashboard
      tabs={tabs}
      lists={[inquiries, quotes, reviews, visitors]}
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
