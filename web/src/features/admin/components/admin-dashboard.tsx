import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { isMfaSetupRequired, userQueryKey } from '../../../lib/auth/auth-api';
import { useInquiries } from '../api/inquiries';
import { useQuoteRequests } from '../api/quote-requests';
import { useAllReviews } from '../api/reviews';
import { useVisitors } from '../api/visitors';
import { leadFilterParams } from '../hooks/use-lead-filter';
import { useLiveSync } from '../hooks/use-live-sync';
import { ActivityTab } from './activity-tab';
import { GoLiveCard } from './go-live-card';
import { DashboardHeader } from './dashboard-header';
import { DeliveryWarning } from './delivery-warning';
import { InquiriesTab } from './inquiries-tab';
import { PrivacyTab } from './privacy-tab';
import { QuoteRequestsTab } from './quote-requests-tab';
import { ReviewsTab } from './reviews-tab';
import { SourcesTab } from './sources-tab';
import { VisitorsTab } from './visitors-tab';

export const adminTabs = [
  'inquiries',
  'quotes',
  'reviews',
  'visitors',
  'sources',
  'projects',
  'models',
  'activity',
  'privacy',
  'settings',
] as const;
export type AdminTab = (typeof adminTabs)[number];

const isAdminTab = (value: string | null): value is AdminTab => adminTabs.some((tab) => tab === value);

/** The selected tab lives in `?tab=`, so a reload or the back button keeps it. */
function useSelectedTab(): [AdminTab, (tab: AdminTab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get('tab');
  const tab = isAdminTab(value) ? value : 'inquiries';
  const select = (next: AdminTab) =>
    setSearchParams((params) => {
      const updated = new URLSearchParams(params);
      updated.set('tab', next);
      // Each lead tab starts unfiltered: a status or search chosen on one is not the other's.
      for (const name of leadFilterParams) updated.delete(name);
      return updated;
    });
  return [tab, select];
}

const count = (total: number | null) => (total === null ? '' : ` (${total})`);

const tabHeadings: Record<AdminTab, string> = {
  inquiries: 'Project inquiries',
  quotes: 'Quote requests',
  reviews: 'Reviews',
  visitors: 'Visitors',
  sources: 'Lead sources',
  projects: 'Projects',
  models: '3D Models',
  activity: 'Activity',
  privacy: 'Privacy',
  settings: 'Settings',
};

function TabPanel({ tab, children }: { tab: AdminTab; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`admin-tabpanel-${tab}`} aria-labelledby={`admin-tab-${tab}`} sx={{ py: 3 }}>
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {tabHeadings[tab]}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The staff dashboard. The 3D models, projects and settings tabs are other features', so the
 * page that composes them hands them in.
 */
export function AdminDashboard({
  modelsTab,
  projectsTab,
  settingsTab,
}: {
  modelsTab: ReactNode;
  projectsTab: ReactNode;
  settingsTab: ReactNode;
}) {
  const live = useLiveSync();
  const queryClient = useQueryClient();
  const inquiries = useInquiries();
  const quotes = useQuoteRequests();
  const reviews = useAllReviews();
  const visitors = useVisitors();
  const [tab, selectTab] = useSelectedTab();

  // A 401, or the live stream ending, may mean the session ended (logout in another tab,
  // expiry): re-check it, and the protected route sends the admin to /login if it has. The
  // 403 of a second factor now required (REQUIRE_MFA turned on) re-reads it the same way,
  // and the protected route sends the admin to the Account page.
  const lists = [inquiries, quotes, reviews, visitors];
  const sessionLost = lists.some(
    (list) => (list.error instanceof ApiRequestError && list.error.status === 401) || isMfaSetupRequired(list.error),
  );
  useEffect(() => {
    if (sessionLost || live === 'reconnecting') void queryClient.invalidateQueries({ queryKey: userQueryKey });
  }, [sessionLost, live, queryClient]);

  if (lists.some((list) => list.isPending)) {
    return (
      <Stack role="status" spacing={2} sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography>Loading...</Typography>
      </Stack>
    );
  }

  const tabs: { value: AdminTab; label: string }[] = [
    { value: 'inquiries', label: `Inquiries${count(inquiries.total)}` },
    { value: 'quotes', label: `Quote requests${count(quotes.total)}` },
    { value: 'reviews', label: `Reviews${count(reviews.total)}` },
    { value: 'visitors', label: `Visitors${count(visitors.total)}` },
    { value: 'sources', label: 'Sources' },
    { value: 'projects', label: 'Projects' },
    { value: 'models', label: '3D Models' },
    { value: 'activity', label: 'Activity' },
    { value: 'privacy', label: 'Privacy' },
    { value: 'settings', label: 'Settings' },
  ];

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <DashboardHeader live={live} />
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        <DeliveryWarning />
        {/* Read again on each tab: a change in the Settings tab may have ticked an item off. */}
        <GoLiveCard key={tab} />
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_event, value: AdminTab) => selectTab(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Admin sections"
          >
            {tabs.map(({ value, label }) => (
              <Tab key={value} value={value} label={label} id={`admin-tab-${value}`} aria-controls={`admin-tabpanel-${value}`} />
            ))}
          </Tabs>
        </Box>
        <TabPanel tab={tab}>
          {tab === 'inquiries' && <InquiriesTab />}
          {tab === 'quotes' && <QuoteRequestsTab />}
          {tab === 'reviews' && <ReviewsTab />}
          {tab === 'visitors' && <VisitorsTab />}
          {tab === 'sources' && <SourcesTab />}
          {tab === 'projects' && projectsTab}
          {tab === 'models' && modelsTab}
          {tab === 'activity' && <ActivityTab />}
          {tab === 'privacy' && <PrivacyTab />}
          {tab === 'settings' && settingsTab}
        </TabPanel>
      </Container>
    </Box>
  );
}
