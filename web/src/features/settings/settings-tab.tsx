import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LeaveGuardScope } from '#web/components/leave-guard.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { useSettings } from './api/get-settings';
import type { AdminSettings } from '#web/lib/admin/settings-query.ts';
import { BookingSection } from './components/booking-section';
import { BrandImagesSection } from './components/brand-images-section';
import { BusinessSection } from './components/business-section';
import { HoursSection } from './components/hours-section';
import { LinksSection } from './components/links-section';
import { NotificationsSection } from './components/notifications-section';
import { PaymentsSection } from './components/payments-section';
import { PriceListSection } from './components/price-list-section';
import { PrivacySection } from './components/privacy-section';
import { TextsSection } from './components/texts-section';

/**
 * The sections, in the order the tab shows them: each its own form and Save, marked while it
 * has unsaved changes. A new section is one more entry.
 */
const sections: ReadonlyArray<(current: AdminSettings) => ReactNode> = [
  ({ settings, version }) => <BusinessSection key="business" business={settings.business} version={version} />,
  ({ settings, version }) => <HoursSection key="hours" hours={settings.hours} version={version} />,
  ({ settings, version }) => <NotificationsSection key="notifications" notifications={settings.notifications} version={version} />,
  ({ settings, version }) => <LinksSection key="links" links={settings.links} version={version} />,
  ({ settings }) => <BrandImagesSection key="images" images={settings.images} />,
  ({ settings, version }) => <PrivacySection key="privacy" privacy={settings.privacy} version={version} />,
  ({ settings, version }) => <BookingSection key="booking" booking={settings.booking} version={version} />,
  ({ settings, version }) => <PaymentsSection key="payments" payments={settings.payments} version={version} />,
  ({ settings, version }) => <PriceListSection key="priceList" priceList={settings.priceList} version={version} />,
  ({ settings, version }) => <TextsSection key="texts" texts={settings.texts} brand={settings.business.brand} version={version} />,
];

/**
 * The admin dashboard's Settings tab: the business's details, hours, staff alerts, links,
 * brand images, privacy, online booking, payments, the price list and page texts, each section its own form and save. It loads on its own (lazily, as
 * its own chunk), reading GET /api/settings as the signed-in admin. Leaving a section with
 * unsaved changes (another section's Save, another tab, closing the page) asks first.
 */
export default function SettingsTab() {
  const query = useSettings();
  const loaded = query.data !== undefined;
  // A link such as the go-live card's (`#settings-business`) opens the tab at its section.
  useEffect(() => {
    if (loaded && window.location.hash.startsWith('#settings-')) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [loaded]);
  if (query.isPending) return <CircularProgress aria-label="Loading settings" />;
  // A failed reload keeps the forms (and any edits in them) on screen, under the error.
  if (!query.data) return <Alert severity="error">{errorText(query.error)}</Alert>;

  const current = query.data;
  const { version, updatedAt, updatedBy, seededFrom } = query.data;
  const savedLine =
    version === 0
      ? 'Nothing saved yet: the site shows these example settings until you save your own.'
      : updatedBy && updatedAt
        ? `Last saved by ${updatedBy} on ${formatDateTime(updatedAt)}.`
        : null;
  return (
    <LeaveGuardScope>
      <Stack spacing={3}>
        {query.isError ? <Alert severity="error">{errorText(query.error)}</Alert> : null}
        {savedLine ? <Typography color="text.secondary">{savedLine}</Typography> : null}
        {seededFrom?.length ? (
          <Alert severity="info">
            At its first start the server took some of these values from its environment variables: {seededFrom.join(', ')}. They are kept
            here now: change them below, not in the environment.
          </Alert>
        ) : null}
        {sections.map((section) => section(current))}
      </Stack>
    </LeaveGuardScope>
  );
}
