import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from '@site/domain';
import { useQueryClient } from '@tanstack/react-query';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LeaveGuardScope, useLeaveGuard } from '#web/components/leave-guard.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { isMfaSetupRequired, userQueryKey } from '#web/lib/auth/auth-api.ts';
import { PartBoundary } from '#web/components/admin/part-boundary.tsx';
import { DashboardHeader } from './components/dashboard-header';
import { GoLiveCard } from './components/go-live-card';
import { useLiveSync } from './hooks/use-live-sync';

/** One tab of the dashboard: another feature's panel, handed in by the page that composes them. */
export interface DashboardTab {
  /** Its value in `?tab=`. */
  value: string;
  /** The tab's name; the count follows it once known: "Inquiries (12)". */
  label: string;
  count?: number | null;
  /** The panel's heading. */
  heading: string;
  panel: ReactNode;
}

/** What the dashboard reads of a list it counts: whether its first page has come, and its error. */
export interface DashboardList {
  isPending: boolean;
  error: Error | null;
}

/** Where the browser's history stands: react-router numbers its entries (`idx`), so a way back to one is known. */
const historyIndex = (): number | null => {
  if (typeof window === 'undefined') return null;
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number' ? state.idx : null;
};

/**
 * The selected tab lives in `?tab=`, so a reload or the back button keeps it. Each tab starts
 * from its own address: a status or search chosen on one lead tab is not the other's. While a
 * form on the shown tab has unsaved changes, a new address (a tab chosen, a link, the browser's
 * back) first asks: "Keep editing" goes back to the tab's own entry in the history, "Discard
 * changes" shows the new tab.
 */
function useSelectedTab(tabs: readonly DashboardTab[]): [DashboardTab, (tab: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const find = (value: string | null) => tabs.find((entry) => entry.value === value) ?? tabs[0];
  const wanted = find(searchParams.get('tab')).value;
  const [shown, setShown] = useState(wanted);
  const shownEntry = useRef(historyIndex());
  const guard = useLeaveGuard();
  const leave = guard?.leave;
  const asking = wanted !== shown && Boolean(guard?.unsaved);
  // Nothing unsaved: the new address's tab shows at once.
  if (wanted !== shown && !asking) setShown(wanted);

  useEffect(() => {
    if (wanted === shown) shownEntry.current = historyIndex();
  }, [wanted, shown]);

  useEffect(() => {
    if (!asking || !leave) return;
    const back = () => {
      const from = historyIndex();
      if (shownEntry.current !== null && from !== null && from !== shownEntry.current) window.history.go(shownEntry.current - from);
      else setSearchParams(new URLSearchParams({ tab: shown }), { replace: true });
    };
    leave({ proceed: () => setShown(wanted), keep: back });
  }, [asking, wanted, shown, leave, setSearchParams]);

  const select = (next: string) => setSearchParams(new URLSearchParams({ tab: next }));
  return [find(shown), select];
}

const count = (total: number | null | undefined) => (total === null || total === undefined ? '' : ` (${total})`);

function TabPanel({ tab, children }: { tab: DashboardTab; children: ReactNode }) {
  return (
    <Box role="tabpanel" id={`admin-tabpanel-${tab.value}`} aria-labelledby={`admin-tab-${tab.value}`} sx={{ py: 3 }}>
      <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
        {tab.heading}
      </Typography>
      {/* Keyed by the tab: a tab that failed does not keep the next one from showing. */}
      <PartBoundary key={tab.value} part={`The ${tab.label} tab`}>
        {children}
      </PartBoundary>
    </Box>
  );
}

interface AdminDashboardProps {
  tabs: readonly DashboardTab[];
  /** The lists the tab labels count: the dashboard waits for their first pages, and re-checks the session when one is refused. */
  lists: readonly DashboardList[];
  /** Figures under the header's name. */
  figures?: ReactNode;
  /** Warnings above the go-live card and the tabs. */
  notices?: ReactNode;
  /** Told of each live change, besides the refresh of the list it names. */
  onLiveChange?: (change: ChangeEvent) => void;
}

/**
 * The staff dashboard: its header, live updates, the go-live card and the tabs. The tabs are
 * other features', so the page that composes them hands them in.
 */
export function AdminDashboard(props: AdminDashboardProps) {
  return (
    <LeaveGuardScope>
      <Dashboard {...props} />
    </LeaveGuardScope>
  );
}

function Dashboard({ tabs, lists, figures, notices, onLiveChange }: AdminDashboardProps) {
  const live = useLiveSync(onLiveChange);
  const queryClient = useQueryClient();
  const [tab, selectTab] = useSelectedTab(tabs);
  // From 1200 px the tabs are a column beside the panel, so every one is in sight at once.
  const side = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });

  // A 401, or the live stream ending, may mean the session ended (logout in another tab,
  // expiry): re-check it, and the protected route sends the admin to /login if it has. The
  // 403 of a second factor now required (REQUIRE_MFA turned on) re-reads it the same way,
  // and the protected route sends the admin to the Account page.
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

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <DashboardHeader live={live} figures={figures} />
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        {notices}
        {/* Read again on each tab: a change in the Settings tab may have ticked an item off. */}
        <GoLiveCard key={tab.value} />
        <Box sx={{ display: { lg: 'grid' }, gridTemplateColumns: { lg: '200px minmax(0, 1fr)' }, columnGap: 3, alignItems: 'start' }}>
          <Box sx={{ borderBottom: { xs: 1, lg: 0 }, borderRight: { lg: 1 }, borderColor: { xs: 'divider', lg: 'divider' } }}>
            <Tabs
              value={tab.value}
              onChange={(_event, value: string) => selectTab(value)}
              orientation={side ? 'vertical' : 'horizontal'}
              variant="scrollable"
              // The scroll buttons are there from the first paint (disabled at an end), so the tabs never move aside for them.
              scrollButtons={!side}
              allowScrollButtonsMobile={!side}
              aria-label="Admin sections"
              sx={{ '& .MuiTab-root': side ? { alignItems: 'flex-start', textAlign: 'left', minHeight: 44 } : {} }}
            >
              {tabs.map(({ value, label, count: total }) => (
                <Tab
                  key={value}
                  value={value}
                  label={`${label}${count(total)}`}
                  id={`admin-tab-${value}`}
                  aria-controls={`admin-tabpanel-${value}`}
                />
              ))}
            </Tabs>
          </Box>
          <TabPanel tab={tab}>{tab.panel}</TabPanel>
        </Box>
      </Container>
    </Box>
  );
}
