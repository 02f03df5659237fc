import Alert from '@mui/material/Alert';
import { useEffect } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { useSettings } from './api/get-settings';
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
 * The admin dashboard's Settings tab: the business's details, hours, staff alerts, links,
 * brand images, privacy, online booking, payments and page texts, each section its own form and save. It loads on its own (lazily, as
 * its own chunk), reading GET /api/settings as the signed-in admin.
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

  const { settings, version, updatedAt, updatedBy, seededFrom } = query.data;
  const savedLine =
    version === 0
      ? 'Nothing saved yet: the site shows these example settings until you save your own.'
      : updatedBy && updatedAt
        ? `Last saved by ${updatedBy} on ${formatDateTime(updatedAt)}.`
        : null;
  return (
    <Stack spacing={3}>
      {query.isError ? <Alert severity="error">{errorText(query.error)}</Alert> : null}
      {savedLine ? <Typography color="text.secondary">{savedLine}</Typography> : null}
      {seededFrom?.length ? (
        <Alert severity="info">
          At its first start the server took some of these values from its environment variables: {seededFrom.join(', ')}. They are kept
          here now: change them below, not in the environment.
        </Alert>
      ) : null}
      <BusinessSection business={settings.business} version={version} />
      <HoursSection hours={settings.hours} version={version} />
      <NotificationsSection notifications={settings.notifications} version={version} />
      <LinksSection links={settings.links} version={version} />
      <BrandImagesSection images={settings.images} />
      <PrivacySection privacy={settings.privacy} version={version} />
      <BookingSection booking={settings.booking} version={version} />
      <PaymentsSection payments={settings.payments} version={version} />
      <PriceListSection priceList={settings.priceList} version={version} />
      <TextsSection texts={settings.texts} brand={settings.business.brand} version={version} />
    </Stack>
  );
}
