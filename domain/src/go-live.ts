import { nationalPhoneDigits } from './phone';
import { defaultBookingSettings } from './booking';
import { defaultSettings, linkKeys, linkLabels, type SiteSettings } from './settings';

/**
 * What still stands between the site and real customers: the dashboard's go-live card. Each
 * item says what is wrong and links to where it is fixed; the card goes once all are done.
 */

/**
 * Domains reserved for documentation (RFC 2606 and RFC 6761), which the example settings
 * use, and example.com.au, which examples of Australian addresses use.
 */
const exampleHost = /(^|\.)(example\.(com|net|org|com\.au)|[^.]+\.example|[^.]+\.test|[^.]+\.invalid)$/i;

/** Whether an email address or a web address is on a domain reserved for examples. */
export function isExampleAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at !== -1 && !value.includes('/')) return exampleHost.test(value.slice(at + 1).trim());
  try {
    return exampleHost.test(new URL(value).hostname);
  } catch {
    return false;
  }
}

/**
 * Whether a phone number is in a range the Australian regulator (ACMA) sets aside for use in
 * fiction and examples: (02), (03), (07) and (08) numbers 5550 xxxx and 7010 xxxx. Such a
 * number reaches nobody.
 */
export function isExamplePhone(phone: string): boolean {
  return /^0[2378](5550|7010)\d{4}$/.test(nationalPhoneDigits(phone));
}

/** A street address still holding the word "Example", as the shipped one does. */
const exampleText = /\bexample\b/i;

/** A setting visitors can see that still holds an example value. */
export interface ExampleValue {
  /** The settings field, as its audit entries name it: `business.email`, `links.instagram`. */
  field: string;
  label: string;
  value: string;
}

/** The settings visitors can see that still hold example values. */
export function exampleValues(settings: SiteSettings): ExampleValue[] {
  const { business } = settings;
  const found: ExampleValue[] = [];
  const check = (field: string, label: string, value: string | undefined, isExample: (value: string) => boolean) => {
    if (value !== undefined && isExample(value)) found.push({ field, label, value });
  };
  check('business.brand', 'Brand name', business.brand, (brand) => brand.trim() === defaultSettings.business.brand);
  check('business.siteUrl', 'Site address', business.siteUrl, isExampleAddress);
  check('business.email', 'Email', business.email, isExampleAddress);
  check('business.phone', 'Phone', business.phone, isExamplePhone);
  check('business.street', 'Street address', business.street, (street) => exampleText.test(street));
  for (const key of linkKeys) check(`links.${key}`, linkLabels[key], settings.links[key], isExampleAddress);
  return found;
}

/** What the checklist reads besides the settings. */
export interface GoLiveFacts {
  settings: SiteSettings;
  /** Whether this server can send each channel; null where a Firebase extension sends (it cannot tell). */
  delivery: { email: boolean | null; sms: boolean | null };
  adminsWithSecondFactor: number;
  publishedProjects: number;
  /** The embedded server's last backup (null: none yet); undefined on Firebase, which backs up Firestore itself. */
  lastBackupAt?: string | null;
  now: Date;
}

export type GoLiveKey =
  | 'examples'
  | 'site-address'
  | 'registration'
  | 'consumer-guide'
  | 'deposits'
  | 'booking'
  | 'email'
  | 'sms'
  | 'second-factor'
  | 'project'
  | 'backup';

export interface GoLiveItem {
  key: GoLiveKey;
  done: boolean;
  title: string;
  /** What is wrong, or what was checked. */
  detail: string;
  /** Where it is fixed: a path in the site and what the link says (none where it is fixed on the server). */
  fix?: { label: string; href: string };
  /** A channel whose "Send a test" the card offers: one this server sends itself, with someone to send to. */
  test?: 'email' | 'sms';
}

/** How old the last backup may be: a daily backup, with two hours' grace. */
export const backupMaxAgeHours = 26;

/** Deposits need somewhere to go: the bank details customers transfer to, or the owner's "no deposits online". */
function depositsItem(settings: SiteSettings, href: string): GoLiveItem {
  const { payments } = settings;
  const bank = Boolean(payments.bankAccountName && payments.bankBsb && payments.bankAccountNumber);
  return {
    key: 'deposits',
    done: bank || !payments.onlineDeposits,
    title: 'Choose how deposits are paid',
    detail: bank
      ? `Customers who accept a quote are shown the account ${payments.bankAccountName} (BSB ${payments.bankBsb}) for their deposit.`
      : payments.onlineDeposits
        ? 'A customer who accepts a quote online has no bank details to pay the deposit to: add them, or choose no deposits online.'
        : 'No deposits online: you arrange each deposit with the customer yourself.',
    fix: { label: 'Edit the payments', href },
  };
}

/** Online booking offers visits in its own hours and area: the shipped ones are an example until the owner checks them. */
function bookingItem(settings: SiteSettings, href: string): GoLiveItem {
  const { booking } = settings;
  const open = booking.weekly.some((ranges) => ranges.length > 0);
  const example =
    JSON.stringify(booking.weekly) === JSON.stringify(defaultBookingSettings.weekly) &&
    JSON.stringify(booking.area) === JSON.stringify(defaultBookingSettings.area);
  return {
    key: 'booking',
    done: !booking.enabled || (open && booking.area.length > 0 && !example),
    title: 'Set the booking hours and area',
    detail: !booking.enabled
      ? 'Online booking is off: customers ask for a visit by phone or the quote form.'
      : !open
        ? 'Online booking is on but has no hours: customers find no time to book.'
        : booking.area.length === 0
          ? 'Online booking is on but has no service area: nobody can book a visit.'
          : example
            ? 'Customers can book visits in the example hours and area: set your own, or turn online booking off.'
            : `Customers can book visits in ${booking.area.length} ${booking.area.length === 1 ? 'place' : 'places'} of your service area.`,
    fix: { label: 'Edit online booking', href },
  };
}

export function goLiveChecklist(facts: GoLiveFacts): GoLiveItem[] {
  const { settings } = facts;
  const examples = exampleValues(settings).filter((example) => example.field !== 'business.siteUrl');
  const settingsTab = (section: string) => `/admin?tab=settings#settings-${section}`;
  const items: GoLiveItem[] = [
    {
      key: 'examples',
      done: examples.length === 0,
      title: 'Replace the example details',
      detail: examples.length
        ? `Visitors still see example values: ${examples.map((example) => `${example.label} (${example.value})`).join(', ')}.`
        : 'The business details visitors see are your own.',
      fix: { label: 'Edit the business details', href: settingsTab('business') },
    },
    {
      key: 'site-address',
      done: !isExampleAddress(settings.business.siteUrl),
      title: 'Set the site address',
      detail: isExampleAddress(settings.business.siteUrl)
        ? `The site address is still ${settings.business.siteUrl}: links in emails, the sitemap and search results would lead there.`
        : `The site address is ${settings.business.siteUrl}.`,
      fix: { label: 'Set the site address', href: settingsTab('business') },
    },
    {
      key: 'registration',
      done: Boolean(settings.business.registrationNumber),
      title: 'Add your builder registration',
      detail: settings.business.registrationNumber
        ? `Quotes and the footer show registration ${settings.business.registrationNumber}.`
        : 'A quote over $10,000 cannot be sent without your registration number under the Building Act 1993, and the footer and quotes show it.',
      fix: { label: 'Add the registration number', href: settingsTab('business') },
    },
    {
      key: 'consumer-guide',
      done: Boolean(settings.payments.consumerGuideUrl),
      title: 'Check the consumer guide link',
      detail: `Customers accepting a quote over $10,000 confirm they received the Domestic Building Consumer Guide at ${settings.payments.consumerGuideUrl}.`,
      fix: { label: 'Edit the guide link', href: settingsTab('payments') },
    },
    depositsItem(settings, settingsTab('payments')),
    bookingItem(settings, settingsTab('booking')),
  ];
  const channel = (key: 'email' | 'sms', name: string, variables: string): GoLiveItem => {
    // SMS is optional: "We don't use text messages" completes its item, until the owner turns SMS on again.
    if (key === 'sms' && settings.notifications.smsOptOut) {
      return {
        key,
        done: true,
        title: 'SMS lead alerts',
        detail: "You don't use text messages: lead alerts go by email only.",
        fix: { label: 'Turn text messages on', href: settingsTab('notifications') },
      };
    }
    const configured = facts.delivery[key];
    const recipients = key === 'email' ? settings.notifications.emails : settings.notifications.mobiles;
    const done = configured !== false && recipients.length > 0;
    const detail =
      configured === false
        ? `The server cannot send ${name}: set ${variables} and restart it.`
        : recipients.length === 0
          ? `No staff ${key === 'email' ? 'email address' : 'mobile'} gets lead alerts.`
          : `${name[0].toUpperCase()}${name.slice(1)} go to ${recipients.join(', ')}${configured === null ? ' (sent by the Firebase extension)' : ''}.`;
    return {
      key,
      done,
      title: key === 'email' ? 'Email lead alerts' : 'SMS lead alerts',
      detail,
      fix: { label: 'Edit who gets alerts', href: settingsTab('notifications') },
      ...(configured === true && recipients.length ? { test: key } : {}),
    };
  };
  items.push(
    channel('email', 'emails', 'SMTP_URL and MAIL_FROM'),
    channel('sms', 'text messages', 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM'),
  );
  items.push({
    key: 'second-factor',
    done: facts.adminsWithSecondFactor > 0,
    title: 'Protect the admin sign-in',
    detail:
      facts.adminsWithSecondFactor > 0
        ? 'An admin signs in with a second factor.'
        : 'No admin has a second factor: a stolen password opens the dashboard.',
    fix: { label: 'Turn on a second factor', href: '/admin/account' },
  });
  items.push({
    key: 'project',
    done: facts.publishedProjects > 0,
    title: 'Publish a project',
    detail:
      facts.publishedProjects > 0
        ? `${facts.publishedProjects} published ${facts.publishedProjects === 1 ? 'project' : 'projects'}.`
        : 'The gallery and the home page have no work of yours to show.',
    fix: { label: 'Add a project', href: '/admin?tab=projects' },
  });
  if (facts.lastBackupAt !== undefined) {
    const age = facts.lastBackupAt ? (facts.now.getTime() - Date.parse(facts.lastBackupAt)) / 3_600_000 : Infinity;
    items.push({
      key: 'backup',
      done: age <= backupMaxAgeHours,
      title: 'Back up the site',
      detail: facts.lastBackupAt
        ? age <= backupMaxAgeHours
          ? `The last backup was ${Math.floor(age)} hours ago.`
          : `The last backup was ${Math.floor(age / 24)} days ago: check the server's log, and that BACKUP_KEEP is not 0.`
        : 'No backup yet: the server makes one daily in DATA_DIR/backups unless BACKUP_KEEP is 0; npm run admin -- backup FILE.tar.gz makes one now.',
    });
  }
  return items;
}
