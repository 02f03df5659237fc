import {
  budgetLabels,
  channelOf,
  inquiryRoomLabels,
  leadStatusLabels,
  timelineLabels,
  type Budget,
  type Inquiry,
  type InquiryRoom,
  type LeadOrigin,
  type LeadProgress,
  type LeadStatus,
  type QuoteRequest,
  type Timeline,
} from '@site/domain';
import { formatDateTime, formatSpreadsheetTime, melbourneDay } from '#web/lib/dates.ts';
import type { CsvColumn } from './csv';

/** Labels rather than codes; an unknown code (older data) is shown as it is. */
export const roomLabel = (room: string) => inquiryRoomLabels[room as InquiryRoom] ?? room;
export const budgetLabel = (budget: string) => budgetLabels[budget as Budget] ?? budget;
export const timelineLabel = (timeline: string) => timelineLabels[timeline as Timeline] ?? timeline;

export const statusLabel = (status: string) => leadStatusLabels[status as LeadStatus] ?? status;

/** The newest note on a lead, or nothing. */
export const lastNote = (lead: LeadProgress) => [...lead.history].reverse().find((entry) => entry.note !== undefined)?.note;

/** Where staff are with a lead: the same three columns on both exports. */
const progressColumns: CsvColumn<LeadProgress>[] = [
  { header: 'Status', value: (row) => statusLabel(row.status) },
  { header: 'First contact', value: (row) => (row.firstContactAt ? formatSpreadsheetTime(row.firstContactAt) : '') },
  { header: 'Last note', value: (row) => lastNote(row) },
];

/** Where a lead came from: at the end of both exports, after the columns spreadsheets already rely on. */
const originColumns: CsvColumn<LeadOrigin>[] = [
  { header: 'Channel', value: (row) => channelOf(row) },
  // utm_source, or the referring site when the link had no tags.
  { header: 'Source', value: (row) => row.source?.utmSource ?? row.source?.referrerHost },
  { header: 'Medium', value: (row) => row.source?.utmMedium },
  { header: 'Campaign', value: (row) => row.source?.utmCampaign },
  { header: 'Landing page', value: (row) => row.source?.landingPage },
];

/** The optional marketing-consent box, after the origin columns: Yes since when it was ticked, or No. */
export const marketingConsentText = (lead: { marketingConsent?: boolean; marketingConsentAt?: string }) =>
  lead.marketingConsent ? `Yes${lead.marketingConsentAt ? ` (${formatSpreadsheetTime(lead.marketingConsentAt)})` : ''}` : 'No';
/** The lead card's line: "Yes, since 2 March 2026 at 2:04 pm", or "No". */
export const consentSummary = (lead: { marketingConsent?: boolean; marketingConsentAt?: string }) =>
  lead.marketingConsent ? `Yes${lead.marketingConsentAt ? `, since ${formatDateTime(lead.marketingConsentAt)}` : ''}` : 'No';
const consentColumns: CsvColumn<{ marketingConsent?: boolean; marketingConsentAt?: string }>[] = [
  { header: 'Marketing consent', value: marketingConsentText },
];

export const inquiryColumns: CsvColumn<Inquiry>[] = [
  { header: 'Received', value: (row) => formatSpreadsheetTime(row.createdAt) },
  { header: 'First name', value: (row) => row.firstName },
  { header: 'Last name', value: (row) => row.lastName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Rooms', value: (row) => row.rooms.map(roomLabel).join('; ') },
  { header: 'Budget', value: (row) => budgetLabel(row.budget) },
  { header: 'Timeline', value: (row) => timelineLabel(row.timeline) },
  ...progressColumns,
  { header: 'ID', value: (row) => row.id },
  // Last, so spreadsheets built on the earlier columns keep working: the showroom design, "Kitchen Island (Walnut)".
  { header: 'Interested in', value: (row) => (row.modelName ? `${row.modelName}${row.variant ? ` (${row.variant})` : ''}` : '') },
  ...originColumns,
  ...consentColumns,
];

export const quoteRequestColumns: CsvColumn<QuoteRequest>[] = [
  { header: 'Received', value: (row) => formatSpreadsheetTime(row.createdAt) },
  { header: 'First name', value: (row) => row.firstName },
  { header: 'Last name', value: (row) => row.lastName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Suburb', value: (row) => row.suburb },
  { header: 'Room', value: (row) => row.room },
  ...progressColumns,
  { header: 'ID', value: (row) => row.id },
  ...originColumns,
  ...consentColumns,
];

/** e.g. inquiries-2026-03-02.csv, dated on the business's calendar. */
export const exportFilename = (name: string, now: Date = new Date()) => `${name}-${melbourneDay(now)}.csv`;
