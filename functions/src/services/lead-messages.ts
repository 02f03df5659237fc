import {
  attachmentCount,
  attachmentsLabel,
  bookingServiceLabels,
  budgetLabels,
  describeAttachment,
  designOf,
  interestedInLabel,
  inquiryRoomLabels,
  timelineLabels,
  reviewInviteDays,
  verifiedCustomerLabel,
  type BusinessSettings,
  type Inquiry,
  type LeadAttachment,
  type QuoteRequest,
  type Review,
  defaultSettings,
  businessOf,
  type SiteSettings,
} from '@site/domain';
import { dayLabel, melbourneParts, timeLabel, visitDateLabel, visitLabel } from '@site/domain/booking-slots';
import type { BusinessHours } from '@site/domain/business-hours';
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { mobileNumber, phoneType, type PhoneCheck } from '../phone';
import type { BookingRecord, HeldBookingAlert } from '../ports/bookings';
import { formatDateTime } from './days';
import {
  cappedRecipient,
  type Lead,
  type MessageAttachment,
  type MessageSender,
  type MessageStore,
  type NewMessage,
} from '../ports/messages';
import type * as EmailLayouts from './email-layout';
import type { EmailBusiness, EmailField, EmailLayout } from './email-layout';

/**
 * The emails' HTML layouts (React, react-dom/server and React Email) load with the first
 * message settings read (app.ts `messageSettings`), not at the server's start: most requests
 * send no email (docs/decisions/032-server-speed.md). Drafts are composed synchronously inside
 * the store's transactions, so whatever composes them awaits this first; tests that compose
 * drafts directly await it too.
 */
let emailLayouts: typeof EmailLayouts | undefined;
export async function loadEmailLayouts(): Promise<void> {
  emailLayouts ??= await import('./email-layout');
}
function layouts(): typeof EmailLayouts {
  if (!emailLayouts) throw new Error('The email layouts are not loaded: await loadEmailLayouts() before composing messages');
  return emailLayouts;
}
/** Both parts of an email, in the one layout. */
export const renderEmail = (layout: EmailLayout) => layouts().renderEmail(layout);

/**
 * When an email's HTML is made: `now`, into the draft, or `sent`, by whoever sends it, from
 * the layout the draft keeps instead (`messageHtml`). A new lead's emails are `sent`: the
 * request that stores them then writes their layout (a few hundred bytes) and not 5 to 6.5 KB
 * of HTML each, which was most of the cost of an inquiry's write above the rows themselves
 * (docs/decisions/035-inquiry-write.md).
 */
export type HtmlMade = 'now' | 'sent';

function emailParts(layout: EmailLayout, made: HtmlMade): Pick<Draft, 'text' | 'html' | 'layout'> {
  return made === 'now' ? renderEmail(layout) : { text: layouts().emailText(layout), layout };
}

/**
 * An email's HTML: as queued, or made from its layout. Synchronous: whoever sends a message
 * that may hold only its layout awaits `loadEmailLayouts()` first.
 */
export function messageHtml(message: Pick<NewMessage, 'html' | 'layout'>): string | undefined {
  return message.html ?? (message.layout ? layouts().emailHtml(message.layout) : undefined);
}

/** A message with its HTML made, for a store that does not keep layouts (MessageStore.keepsLayouts). */
export function withHtml<T extends Pick<NewMessage, 'html' | 'layout'>>(message: T): T {
  if (message.html !== undefined || !message.layout) return message;
  const { layout, ...rest } = message;
  return { ...rest, html: layouts().emailHtml(layout) } as T;
}

/** Who hears about leads, and what the messages say about the business. */
export interface MessageSettings {
  business: BusinessSettings;
  /** The site's address, for links into the dashboard; no trailing slash. */
  siteUrl: string;
  /** The logo's absolute address, at the top of every email; the brand is written out without one. */
  logoUrl?: string;
  /** Staff addresses told about every lead (NOTIFY_EMAIL). */
  staffEmails: readonly string[];
  /** Staff mobiles (E.164) sent a short SMS about every inquiry and quote request (NOTIFY_SMS). */
  staffPhones: readonly string[];
  /** The countries customer SMS may go to (SMS_COUNTRIES); staff alerts go anywhere. */
  smsCountries: readonly CountryCode[];
  /** Customer messages per email address or mobile per rolling 24 hours (CUSTOMER_MESSAGES_PER_DAY). */
  customerMessagesPerDay: number;
  /** When a lead still new reminds the staff (FOLLOW_UP_AFTER_HOURS, BUSINESS_HOURS); absent when reminders are off. */
  followUp?: FollowUpSettings;
}

/** FOLLOW_UP_AFTER_HOURS and BUSINESS_HOURS, when reminders are on. */
export interface FollowUpSettings {
  /** Business hours a lead may stay `new` before the staff are reminded (more than 0). */
  afterHours: number;
  businessHours: BusinessHours;
}

/**
 * A customer's mobile: as mobileNumber, and in one of the SMS countries, so the public forms
 * cannot run up texts to premium or far-away numbers.
 */
export function customerMobile(
  phone: string,
  countries: readonly CountryCode[],
  parsed = parsePhoneNumberFromString(phone, 'AU'),
  type = phoneType(parsed),
): PhoneCheck {
  const mobile = mobileNumber(phone, parsed, type);
  if (!mobile.ok || !parsed) return mobile;
  if (!inCountries(parsed, countries)) {
    return {
      ok: false,
      reason: `Not sent: +${parsed.countryCallingCode} numbers are outside the countries set in SMS_COUNTRIES (${countries.join(', ')})`,
    };
  }
  return mobile;
}

/** Non-geographic numbers (+800, +882...) have no country and are never in the list. */
const inCountries = (parsed: PhoneNumber, countries: readonly CountryCode[]) =>
  parsed.country !== undefined && countries.includes(parsed.country);

const day = 24 * 60 * 60 * 1000;

/**
 * Keeps customer messages to a recipient who has had `customerMessagesPerDay` of them in the
 * last 24 hours as not sent, so the forms cannot be used to flood an inbox or a phone.
 * `store` counts the ones already stored.
 */
export async function capCustomerMessages(
  messages: readonly NewMessage[],
  settings: Pick<MessageSettings, 'customerMessagesPerDay'>,
  receivedAt: Date,
  store: Pick<MessageStore, 'customerMessagesSince'>,
): Promise<NewMessage[]> {
  const since = new Date(receivedAt.getTime() - day).toISOString();
  const max = settings.customerMessagesPerDay;
  return Promise.all(
    messages.map(async (message) => {
      const recipient = cappedRecipient(message);
      if (recipient === null || (await store.customerMessagesSince(message.channel, recipient, since)) < max) return message;
      const who = message.channel === 'email' ? 'this address' : 'this number';
      return {
        id: message.id,
        channel: message.channel,
        audience: message.audience,
        to: message.to,
        text: '',
        skipped: `Not sent: ${who} already had ${max} ${max === 1 ? 'message' : 'messages'} from the site in the last 24 hours (CUSTOMER_MESSAGES_PER_DAY)`,
      };
    }),
  );
}

/**
 * Every message a new lead causes: the staff alert, and the customer's confirmation. Their
 * ids are the lead's id and a number (`<lead id>-1`, `-2`...), which keeps a lead's messages
 * side by side in the queue's index.
 */
export function leadMessages(lead: Lead, settings: MessageSettings, receivedAt: Date): NewMessage[] {
  const messages = composeMessages(lead, settings, receivedAt);
  return messages.map((message, i) => ({ ...message, id: leadMessageId(lead.record.id, i + 1) }));
}

export const leadMessageId = (leadId: string, n: number) => `${leadId}-${n}`;

export type Draft = Omit<NewMessage, 'id'>;

function composeMessages(lead: Lead, settings: MessageSettings, receivedAt: Date): Draft[] {
  switch (lead.kind) {
    case 'inquiry':
      return inquiryMessages(lead.record, settings, receivedAt);
    case 'quote':
      return quoteMessages(lead.record, settings, receivedAt);
    case 'review':
      return reviewMessages(lead.record, settings, receivedAt);
  }
}

// ------------------------------------------------------------------ the three kinds of lead

function inquiryMessages(inquiry: Inquiry, settings: MessageSettings, receivedAt: Date): Draft[] {
  const name = `${inquiry.firstName} ${inquiry.lastName}`;
  const rooms = inquiry.rooms.map((room) => inquiryRoomLabels[room]).join(', ');
  const parsed = parsePhoneNumberFromString(inquiry.phone, 'AU');
  const type = phoneType(parsed);
  const fields: Field[] = [
    { label: 'Rooms', value: rooms },
    { label: 'Budget', value: budgetLabels[inquiry.budget] },
    { label: 'Timeline', value: timelineLabels[inquiry.timeline] },
    { label: 'Name', value: name },
    { label: 'Email', value: inquiry.email, href: `mailto:${inquiry.email}` },
    { label: 'Phone', value: inquiry.phone, href: parsed && type !== undefined ? `tel:${parsed.number}` : undefined },
  ];
  // "Interested in: {model name} ({variant})" in the text email; a row of the table in the HTML one.
  const design = designOf(inquiry);
  if (design) fields.push({ label: interestedInLabel, value: design });
  fields.push(...attachmentFields(inquiry, settings, 'inquiries'));
  const phone = customerMobile(inquiry.phone, settings.smsCountries, parsed, type);
  const customerSms: Draft = phone.ok
    ? sms(
        'customer',
        phone.e164,
        `Hi ${inquiry.firstName}, thanks for your renovation inquiry. We'll be in touch very shortly. ${smsSignOff(settings)}`,
      )
    : { ...sms('customer', inquiry.phone, ''), skipped: phone.reason };
  return [
    ...staffAlert(
      settings,
      {
        subject: `New project inquiry: ${name} (${rooms})`,
        intro: `New project inquiry from ${name}`,
        fields,
        receivedAt,
        link: adminLink(settings, 'inquiries', inquiry.id),
        sms: `New inquiry: ${name}, ${rooms}, ${inquiry.phone}.${attachmentSms(inquiry)}`,
      },
      'sent',
    ),
    customerEmail(
      settings,
      inquiry.email,
      {
        subject: 'We have received your project inquiry',
        greeting: `Hi ${inquiry.firstName},`,
        body: `Thank you for your project inquiry (${rooms}; budget ${budgetLabels[inquiry.budget]}; start ${timelineLabels[inquiry.timeline]}). Our team will be in touch very shortly to discuss your renovation project.`,
        summary: [
          { label: 'What', value: `Project inquiry: ${rooms}` },
          { label: 'Budget', value: budgetLabels[inquiry.budget] },
          { label: 'Start', value: timelineLabels[inquiry.timeline] },
          ...(design ? [{ label: interestedInLabel, value: design }] : []),
        ],
      },
      'sent',
    ),
    customerSms,
  ];
}

function quoteMessages(quote: QuoteRequest, settings: MessageSettings, receivedAt: Date): Draft[] {
  const name = `${quote.firstName} ${quote.lastName}`;
  return [
    ...staffAlert(
      settings,
      {
        subject: `New quote request: ${name} (${quote.room}, ${quote.suburb})`,
        intro: `New free-quote request from ${name}`,
        fields: [
          { label: 'Room', value: quote.room },
          { label: 'Suburb', value: quote.suburb },
          { label: 'Name', value: name },
          { label: 'Email', value: quote.email, href: `mailto:${quote.email}` },
          ...attachmentFields(quote, settings, 'quotes'),
        ],
        receivedAt,
        link: adminLink(settings, 'quotes', quote.id),
        sms: `New quote request: ${name}, ${quote.room} in ${quote.suburb}, ${quote.email}.${attachmentSms(quote)}`,
      },
      'sent',
    ),
    customerEmail(
      settings,
      quote.email,
      {
        subject: 'We have received your quote request',
        greeting: `Hi ${quote.firstName},`,
        body: `Thank you for requesting a free quote for your ${quote.room.toLowerCase()} in ${quote.suburb}. We'll get back to you with a detailed quote.`,
        summary: [
          { label: 'What', value: `Free quote: ${quote.room}` },
          { label: 'Where', value: quote.suburb },
        ],
      },
      'sent',
    ),
  ];
}

/** A review waits for approval: the staff hear of it, the reviewer gets nothing. */
function reviewMessages(review: Review, settings: MessageSettings, receivedAt: Date): Draft[] {
  return staffAlert(
    settings,
    {
      subject: `A review is waiting for approval: ${review.rating} stars from ${review.customerName}`,
      intro: `A new review from ${review.customerName} is waiting for approval`,
      fields: [
        { label: 'Name', value: review.customerName },
        { label: 'Rating', value: `${review.rating} of 5 stars` },
        { label: 'Review', value: review.reviewText },
        ...(review.verified ? [{ label: verifiedCustomerLabel, value: 'Yes: sent through their own review link' }] : []),
        ...(review.email ? [{ label: 'Email', value: review.email, href: `mailto:${review.email}` }] : []),
      ],
      receivedAt,
      link: adminLink(settings, 'reviews', review.id),
    },
    'sent',
  ).filter((message) => message.channel === 'email');
}

// ------------------------------------------------------------------ building blocks

/**
 * The customer's files by name and size, one a line, linking to the lead in the dashboard
 * (where staff sign in to see them): an email is forwarded and kept, so it carries no link
 * that opens the files by itself (docs/decisions/014-attachments.md).
 */
function attachmentFields(
  lead: { id: string; attachments?: LeadAttachment[] },
  settings: MessageSettings,
  tab: 'inquiries' | 'quotes',
): Field[] {
  const files = lead.attachments ?? [];
  if (!files.length) return [];
  return [{ label: attachmentsLabel, value: files.map(describeAttachment).join('\n'), href: adminLink(settings, tab, lead.id) }];
}

/** " 3 attachments." after the staff SMS's details, or nothing. */
const attachmentSms = (lead: { attachments?: LeadAttachment[] }) =>
  lead.attachments?.length ? ` ${attachmentCount(lead.attachments.length)}.` : '';

export type Field = EmailField;

export interface Alert {
  subject: string;
  intro: string;
  fields: Field[];
  receivedAt: Date;
  link: string;
  /** The staff SMS; none when absent. */
  sms?: string;
}

export function staffAlert(settings: MessageSettings, alert: Alert, made: HtmlMade = 'now'): Draft[] {
  const when = `${formatDateTime(alert.receivedAt)} (Melbourne time)`;
  const intro = `${alert.intro}, received ${when}.`;
  const parts = emailParts(
    {
      preheader: intro,
      heading: alert.subject,
      paragraphs: [intro],
      summary: alert.fields,
      action: { label: 'Open it in the dashboard', url: alert.link },
      business: emailBusiness(settings),
    },
    made,
  );
  const messages: Draft[] = settings.staffEmails.map((to) => ({
    channel: 'email',
    audience: 'staff',
    to,
    subject: alert.subject,
    ...parts,
    sender: senderOf(settings),
  }));
  if (alert.sms) {
    for (const to of settings.staffPhones) messages.push(sms('staff', to, `${alert.sms} ${alert.link}`));
  }
  return messages;
}

/**
 * The business as every email shows it: its logo (or name) at the top, and at the foot every
 * way to reach it (the Spam Act's sender identification) with its ABN when set.
 */
export function emailBusiness(settings: Pick<MessageSettings, 'business' | 'siteUrl' | 'logoUrl'>): EmailBusiness {
  const { business } = settings;
  return {
    brand: business.brand,
    ...(settings.logoUrl ? { logoUrl: settings.logoUrl } : {}),
    phone: business.phone,
    phoneHref: business.phoneHref,
    email: business.email,
    ...(business.abn ? { abn: abnLabel(business.abn) } : {}),
    address: `${business.address.street}, ${business.address.suburb} ${business.address.state} ${business.address.postcode}`,
    siteUrl: settings.siteUrl,
  };
}

/** The business as every email shows it, from the settings as they are now. */
export const emailBusinessOf = (site: SiteSettings): EmailBusiness =>
  emailBusiness({
    business: businessOf(site),
    siteUrl: site.business.siteUrl,
    logoUrl: emailLogoUrl(site.images.logo, site.business.siteUrl),
  });

/** The test message an owner sends to check that emails reach them: in the layout every email has. */
export async function testEmail(business: EmailBusiness, text: string): Promise<{ subject: string; text: string; html: string }> {
  // Sent outside any transaction, and perhaps as a process's first email (the CLI's test-message).
  await loadEmailLayouts();
  const subject = `Test message from ${business.brand}`;
  const parts = renderEmail({ preheader: text, heading: subject, paragraphs: [text], summary: [], business });
  return { subject, ...parts };
}

/**
 * The logo's address for emails, which need it whole: the embedded server's `/objects/...`
 * on the site's own address; Cloud Storage's is whole already. None while no logo is set.
 */
export function emailLogoUrl(logo: string | undefined, siteUrl: string): string | undefined {
  if (!logo) return undefined;
  try {
    return new URL(logo, `${siteUrl}/`).href;
  } catch {
    return undefined;
  }
}

/** "11 222 333 444", as an ABN is printed. */
export const abnLabel = (abn: string) => `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}`;

/** "Thursday 3 December 2026, 10:00 am": a day and time written out in full, in Melbourne. */
export const fullDateTime = (at: Date | number) => `${visitDateLabel(at)}, ${timeLabel(melbourneParts(at).minutes)}`;

/**
 * Who every email is from: the business's name (at MAIL_FROM's address, which the mail server
 * lets the site send from) with replies to the business's own address, unless that is still
 * the example one a fresh install shows.
 */
export function senderOf(settings: Pick<MessageSettings, 'business'>): MessageSender {
  const { brand, email } = settings.business;
  return { name: brand, ...(email && email !== defaultSettings.business.email ? { replyTo: email } : {}) };
}

/** What every customer SMS ends with: the business and its phone, kept short. */
export const smsSignOff = (settings: Pick<MessageSettings, 'business'>) => `— ${settings.business.brand} ${settings.business.phone}`;

interface CustomerContent {
  subject: string;
  greeting: string;
  body: string;
  /** The summary block: what the email is about (what, when, where, the amount), whichever apply. */
  summary: Field[];
  /** A button-like link after the body, e.g. the review form. */
  action?: { label: string; url: string };
  /** The unsubscribe link (review requests and reminders): a line after the signature and the List-Unsubscribe headers. */
  unsubscribe?: { pageUrl: string; oneClickUrl: string };
}

function customerEmail(settings: MessageSettings, to: string, content: CustomerContent, made: HtmlMade = 'now'): Draft {
  const { action, unsubscribe } = content;
  const unsubscribeLine =
    'You are receiving this because we worked on your renovation. To get no more review requests from us, unsubscribe:';
  const parts = emailParts(
    {
      preheader: firstSentence(content.body),
      heading: content.subject,
      paragraphs: [content.greeting, content.body],
      summary: content.summary,
      ...(action ? { action } : {}),
      signOff: 'Kind regards,',
      business: emailBusiness(settings),
      ...(unsubscribe ? { unsubscribe: { line: unsubscribeLine, url: unsubscribe.pageUrl } } : {}),
    },
    made,
  );
  return {
    channel: 'email',
    audience: 'customer',
    to,
    subject: content.subject,
    sender: senderOf(settings),
    ...parts,
    // RFC 2369 and RFC 8058: mail clients offer their own unsubscribe button, which POSTs at once.
    ...(unsubscribe
      ? { headers: { 'List-Unsubscribe': `<${unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  };
}

/** A won lead's request for a review, or its one reminder. */
export function reviewRequestEmail(
  settings: MessageSettings,
  request: { id: string; to: string; firstName: string; reviewUrl: string; unsubscribeUrl: string; oneClickUrl: string; reminder: boolean },
): NewMessage {
  const { brand } = settings.business;
  const draft = customerEmail(settings, request.to, {
    subject: request.reminder ? `A reminder: would you review ${brand}?` : `How did we do? Review ${brand}`,
    greeting: `Hi ${request.firstName},`,
    body: request.reminder
      ? `A week ago we asked whether you would tell others how your renovation went. If you have a minute, your personal review link still works (once, for ${reviewInviteDays} days from our first email), with your name filled in. This is the only reminder we send.`
      : `Thank you for choosing ${brand} for your renovation. Would you tell others how it went? Your personal review link below works once, for ${reviewInviteDays} days, and has your name filled in. Reviews sent through it show as from a verified customer.`,
    // Nothing to sum up: no visit, place or amount; the button is the email.
    summary: [],
    action: { label: 'Write your review', url: request.reviewUrl },
    unsubscribe: { pageUrl: request.unsubscribeUrl, oneClickUrl: request.oneClickUrl },
  });
  return { ...draft, id: request.id };
}

function sms(audience: NewMessage['audience'], to: string, text: string): Draft {
  return { channel: 'sms', audience, to, text };
}

/**
 * Where the dashboard shows this lead: its tab, showing that one lead (`lead=`), however far
 * down the list newer leads have pushed it. The Reviews tab lists the newest first, where a
 * review just written waits for approval.
 */
export function adminLink(settings: Pick<MessageSettings, 'siteUrl'>, tab: 'inquiries' | 'quotes' | 'reviews', id: string): string {
  if (tab === 'reviews') return `${settings.siteUrl}/admin?tab=reviews`;
  return `${settings.siteUrl}/admin?tab=${tab}&lead=${encodeURIComponent(id)}`;
}

/** The preheader of a customer email: the body's first sentence. */
function firstSentence(body: string): string {
  const end = body.search(/[.?!](\s|$)/);
  return end === -1 ? body : body.slice(0, end + 1);
}

// ------------------------------------------------------------------ booked site measures

/** What happened to a booked visit, for the messages that tell the customer and the staff. */
export interface BookingNotice {
  booking: BookingRecord;
  kind: 'confirmed' | 'moved' | 'cancelled' | 'reminder';
  /** Who moved or cancelled it. */
  by?: 'customer' | 'staff';
  /** A moved visit's former start. */
  previousStart?: string;
  /** The customer's own link to move or cancel the visit. */
  manageUrl: string;
  /** The calendar invite (a new or moved visit) or its cancellation; none on a reminder. */
  invite?: MessageAttachment;
}

const service = (booking: BookingRecord) => bookingServiceLabels[booking.service].toLowerCase();

/** The customer's email and SMS about their visit: confirmed (with the invite), moved, cancelled, or tomorrow's reminder. */
export function bookingCustomerMessages(settings: MessageSettings, notice: BookingNotice): Draft[] {
  const { booking, manageUrl } = notice;
  const when = visitLabel(new Date(booking.start));
  const where = `${booking.street}, ${booking.suburb}`;
  const content: Record<BookingNotice['kind'], { subject: string; body: string; sms: string }> = {
    confirmed: {
      subject: `Your free ${service(booking)} measure: ${when}`,
      body: `Thank you for booking a free ${service(booking)} measure. We will see you on ${when} (Melbourne time) at ${where}; it takes about ${minutesBetween(booking)} minutes. The calendar invite is attached. To move or cancel the visit, use your link below up to the day before.`,
      sms: `Hi ${booking.firstName}, your free ${service(booking)} measure is booked for ${when} at ${where}. To move or cancel it: ${manageUrl}`,
    },
    moved: {
      subject: `Your measure has moved: ${when}`,
      body: `${notice.by === 'staff' ? 'We have had to move' : 'As you asked, we have moved'} your free ${service(booking)} measure${notice.previousStart ? ` from ${visitLabel(new Date(notice.previousStart))}` : ''} to ${when} (Melbourne time) at ${where}. The updated calendar invite is attached.`,
      sms: `Hi ${booking.firstName}, your measure is now ${when} at ${where}. To move or cancel it: ${manageUrl}`,
    },
    cancelled: {
      subject: `Your measure on ${when} is cancelled`,
      body: `${notice.by === 'staff' ? 'We are sorry: we have had to cancel' : 'As you asked, we have cancelled'} your free ${service(booking)} measure on ${when}. Call us or book another time on our website whenever suits you.`,
      sms: `Hi ${booking.firstName}, your measure on ${when} is cancelled. Book again any time: ${settings.siteUrl}/book`,
    },
    reminder: {
      subject: `Tomorrow: your free ${service(booking)} measure`,
      body: `A reminder that we will see you on ${when} (Melbourne time) at ${where} for your free ${service(booking)} measure.`,
      sms: `Hi ${booking.firstName}, a reminder: your measure is ${when} at ${where}. To move it, call us.`,
    },
  };
  const text = content[notice.kind];
  const action: Record<BookingNotice['kind'], CustomerContent['action']> = {
    confirmed: { label: 'Move or cancel your visit', url: manageUrl },
    moved: { label: 'Move or cancel your visit', url: manageUrl },
    cancelled: { label: 'Book another time', url: `${settings.siteUrl}/book` },
    reminder: undefined,
  };
  const draft = customerEmail(settings, booking.email, {
    subject: text.subject,
    greeting: `Hi ${booking.firstName},`,
    body: text.body,
    summary: [
      ...visitSummary(booking),
      ...(notice.previousStart ? [{ label: 'Was', value: fullDateTime(new Date(notice.previousStart)) }] : []),
    ],
    action: action[notice.kind],
  });
  const email: Draft = notice.invite ? { ...draft, attachments: [notice.invite] } : draft;
  const phone = customerMobile(booking.mobile, settings.smsCountries);
  const customerSms: Draft = phone.ok
    ? sms('customer', phone.e164, `${text.sms} ${smsSignOff(settings)}`)
    : { ...sms('customer', booking.mobile, ''), skipped: phone.reason };
  return [email, customerSms];
}

/** The staff's alert about a visit booked, moved or cancelled, or tomorrow's reminder. */
export function bookingStaffMessages(settings: MessageSettings, notice: BookingNotice, at: Date): Draft[] {
  const { booking } = notice;
  const name = `${booking.firstName} ${booking.lastName}`;
  const when = visitLabel(new Date(booking.start));
  const by = notice.by === 'customer' ? ' by the customer' : notice.by === 'staff' ? ' by staff' : '';
  const heading: Record<BookingNotice['kind'], string> = {
    confirmed: `New site measure booked: ${name}, ${when}`,
    moved: `Site measure moved${by}: ${name}, now ${when}`,
    cancelled: `Site measure cancelled${by}: ${name}, ${when}`,
    reminder: `Tomorrow's site measure: ${name}, ${when}`,
  };
  return staffAlert(settings, {
    subject: heading[notice.kind],
    intro: heading[notice.kind],
    fields: [
      { label: 'Visit', value: `${when} (${minutesBetween(booking)} minutes)` },
      ...(notice.previousStart ? [{ label: 'Was', value: visitLabel(new Date(notice.previousStart)) }] : []),
      { label: 'Service', value: bookingServiceLabels[booking.service] },
      { label: 'Address', value: `${booking.street}, ${booking.suburb} ${booking.postcode}` },
      { label: 'Name', value: name },
      { label: 'Email', value: booking.email, href: `mailto:${booking.email}` },
      { label: 'Mobile', value: booking.mobile },
      ...(booking.notes ? [{ label: 'Notes', value: booking.notes }] : []),
    ],
    receivedAt: at,
    link: `${settings.siteUrl}/admin?tab=calendar#booking-${encodeURIComponent(booking.id)}`,
    sms: `${heading[notice.kind]}, ${booking.street}, ${booking.suburb}, ${booking.mobile}.`,
  });
}

/** A visit's summary block: "Kitchen measure", "Thursday 3 December 2026, 10:00 am", its street address. */
function visitSummary(booking: BookingRecord): Field[] {
  return [
    { label: 'What', value: `${bookingServiceLabels[booking.service]} measure` },
    { label: 'When', value: `${fullDateTime(new Date(booking.start))} (${minutesBetween(booking)} minutes)` },
    { label: 'Where', value: `${booking.street}, ${booking.suburb} ${booking.postcode}` },
  ];
}

const minutesBetween = (booking: Pick<BookingRecord, 'start' | 'end'>) =>
  Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000);

/** A visit's link emailed again, when its customer tried to book one more visit than they may hold. */
export function bookingLinkEmail(settings: MessageSettings, booking: BookingRecord, manageUrl: string): Draft {
  const when = visitLabel(new Date(booking.start));
  return customerEmail(settings, booking.email, {
    subject: `Your free ${service(booking)} measure: ${when}`,
    greeting: `Hi ${booking.firstName},`,
    body: `We could not book another visit with your details: you already have a free ${service(booking)} measure booked for ${when} (Melbourne time) at ${booking.street}, ${booking.suburb}. To move or cancel it, use your link below up to the day before.`,
    summary: visitSummary(booking),
    action: { label: 'Move or cancel your visit', url: manageUrl },
  });
}

/** A booking, move or cancellation held for a busy day's digest, with its visit as it is now (null once deleted). */
export interface DigestEntry {
  alert: HeldBookingAlert;
  booking: BookingRecord | null;
}

const digestWhat: Record<HeldBookingAlert['kind'], string> = { confirmed: 'Booked', moved: 'Moved', cancelled: 'Cancelled' };

/**
 * The staff's one email about a business day's bookings, moves and cancellations past the ones
 * alerted one by one, each a line. It belongs to no lead and outlives a lead's deletion, so a
 * line names the customer and the visit, and the calendar link shows the rest.
 */
export function bookingDigestMessages(
  settings: MessageSettings,
  day: string,
  alertedOneByOne: number,
  entries: readonly DigestEntry[],
): Draft[] {
  const [year, month, date] = day.split('-').map(Number);
  const dayName = `${dayLabel(year, month - 1, date)} ${year}`;
  const changes = entries.length === 1 ? 'change' : 'changes';
  const subject = `Site measures on ${dayName}: ${entries.length} more ${changes}`;
  const intro = `Past the first ${alertedOneByOne} alerts of ${dayName}, these ${entries.length} site measure ${changes} were kept for this one email`;
  const fields: Field[] = entries.map(({ alert, booking }) => {
    const by = alert.by === 'customer' ? ' by the customer' : alert.by === 'staff' ? ' by staff' : '';
    const label = `${timeLabel(melbourneParts(new Date(alert.at)).minutes)}, ${digestWhat[alert.kind]}${by}`;
    const visit = `${visitLabel(new Date(alert.start))}${alert.previousStart ? ` (was ${visitLabel(new Date(alert.previousStart))})` : ''}`;
    if (!booking) return { label, value: `${visit}: a visit since deleted` };
    return {
      label,
      value: `${booking.firstName} ${booking.lastName}, ${bookingServiceLabels[booking.service]}, ${visit}, ${booking.suburb}`,
      href: `${settings.siteUrl}/admin?tab=calendar#booking-${encodeURIComponent(booking.id)}`,
    };
  });
  const { html, text } = renderEmail({
    preheader: `${intro}.`,
    heading: subject,
    paragraphs: [`${intro}:`],
    summary: fields,
    action: { label: 'Open the calendar', url: `${settings.siteUrl}/admin?tab=calendar` },
    business: emailBusiness(settings),
  });
  const sender = senderOf(settings);
  return settings.staffEmails.map((to) => ({ channel: 'email', audience: 'staff', to, subject, text, html, sender }));
}

// ------------------------------------------------------------------ quotes

/** A customer's email about their quote (sent, accepted), with the business's signature and their page's link. */
export function quoteCustomerEmail(
  settings: MessageSettings,
  to: string,
  content: {
    subject: string;
    firstName: string;
    body: string;
    summary: Field[];
    action: { label: string; url: string };
    attachments: MessageAttachment[];
  },
): Draft {
  const draft = customerEmail(settings, to, {
    subject: content.subject,
    greeting: `Hi ${content.firstName},`,
    body: content.body,
    summary: content.summary,
    action: content.action,
  });
  return { ...draft, attachments: content.attachments };
}

// ------------------------------------------------------------------ settings

/** A change of the bank details, the site address or the staff recipients, as its notice tells it. */
export interface SettingsChangeNotice {
  /** The business as the settings now have it (emailBusiness). */
  business: EmailBusiness;
  /** Each changed field: its name and label, and its old and new values as they may be shown (account numbers masked). */
  changes: Array<{ field: string; label: string; from: string; to: string }>;
  /** What changed, in a few words for the subject: "the bank details and the site address". */
  summary: string;
  username: string;
  at: Date;
  ipAddress: string;
  userAgent: string;
  /** The Settings tab, at the site address as it was before the change. */
  link: string;
  to: readonly string[];
}

/** The email each staff address gets when the bank details, the site address or the staff recipients change. */
export function settingsChangeEmails(notice: SettingsChangeNotice): Draft[] {
  const when = `${formatDateTime(notice.at)} (Melbourne time)`;
  const from = `IP address ${notice.ipAddress || 'unknown'}, ${notice.userAgent || 'no browser named'}`;
  const { brand } = notice.business;
  const intro = `${notice.username} changed ${notice.summary} in the settings of the ${brand} website on ${when}.`;
  const fields: Field[] = [
    ...notice.changes.map((change) => ({ label: `${change.label} (${change.field})`, value: `${change.from} → ${change.to}` })),
    { label: 'Who', value: notice.username },
    { label: 'When', value: when },
    { label: 'From', value: from },
  ];
  const advice =
    'If nobody at the business meant to make this change, sign in at once, put the settings back and change the admin passwords. This notice goes to every staff email address, before and after the change.';
  const subject = `Security notice: ${notice.summary} changed on the ${brand} website`;
  const { html, text } = renderEmail({
    preheader: intro,
    heading: subject,
    paragraphs: [intro, advice],
    summary: fields,
    action: { label: 'The settings', url: notice.link },
    business: notice.business,
  });
  return notice.to.map((to) => ({ channel: 'email', audience: 'staff', to, subject, text, html, sender: { name: brand } }));
}
