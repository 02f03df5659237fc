import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import AttachMoney from '@mui/icons-material/AttachMoney';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { interestedIn, sourceSummary, type Inquiry, type WithMessages } from '@site/domain';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { fetchAll } from './api/lead-list';
import { inquiriesUrl, useDeleteInquiry, useInquiries } from './api/inquiries';
import { toCsv } from './lib/csv';
import { emptyLeadsText } from './lib/empty-text';
import { budgetLabel, consentSummary, inquiryColumns, roomLabel, timelineLabel } from './lib/exports';
import { useLeadFilter } from './hooks/use-lead-filter';
import { ExportButton } from './components/export-button';
import { LeadFilters } from './components/lead-filters';
import { LeadAttachments } from './components/lead-attachments';
import { LeadHistory } from './components/lead-history';
import { LeadMessages } from './components/lead-messages';
import { LeadStatusControl } from './components/lead-status';
import { LeadSummary } from './components/lead-summary';
import { OverdueChip } from './components/overdue-chip';
import type { LeadQuotesSlot } from './lib/lead-quotes-slot';
import { CardGrid, ListPanel } from '#web/components/admin/list-panel.tsx';
import { Detail, RecordCard } from '#web/components/admin/record-card.tsx';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** `linked`: the one lead a link showed, opened at once on a phone. */
function InquiryCard({ inquiry, quotes, linked }: { inquiry: WithMessages<Inquiry>; quotes?: LeadQuotesSlot; linked?: boolean }) {
  const remove = useDeleteInquiry();
  const name = `${inquiry.firstName} ${inquiry.lastName}`;
  const design = interestedIn(inquiry);
  const { confirm, dialog } = useConfirm();
  const onDelete = () =>
    confirm({
      title: `Delete inquiry from ${name}?`,
      question: 'Are you sure you want to delete this inquiry?',
      onConfirm: () => remove.mutate(inquiry.id),
    });
  return (
    <RecordCard
      title={name}
      dateTime={inquiry.createdAt}
      dateText={formatDateTime(inquiry.createdAt)}
      badge={<OverdueChip lead={inquiry} />}
      summary={<LeadSummary service={inquiry.rooms.map(roomLabel).join(', ')} status={inquiry.status} createdAt={inquiry.createdAt} />}
      deleteLabel={`Delete inquiry from ${name}`}
      deleting={remove.isPending}
      onDelete={onDelete}
      defaultOpen={linked}
    >
      <Stack sx={{ mb: 2 }}>
        <LeadStatusControl id={inquiry.id} status={inquiry.status} name={name} collection="project_inquiries" />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }} aria-label="Rooms">
        {inquiry.rooms.map((room) => (
          <Chip key={room} label={roomLabel(room)} size="small" color="primary" variant="outlined" />
        ))}
      </Stack>
      {design ? <Typography sx={{ mb: 2, fontWeight: 600, overflowWrap: 'anywhere' }}>{design}</Typography> : null}
      <Stack spacing={1}>
        <Detail icon={<EmailOutlined fontSize="small" />} label="Email">
          <Link href={`mailto:${inquiry.email}`}>{inquiry.email}</Link>
        </Detail>
        <Detail icon={<PhoneOutlined fontSize="small" />} label="Phone">
          <Link href={telHref(inquiry.phone)}>{inquiry.phone}</Link>
        </Detail>
        <Detail icon={<AttachMoney fontSize="small" />} label="Budget">
          {budgetLabel(inquiry.budget)}
        </Detail>
        <Detail icon={<EventOutlined fontSize="small" />} label="Timeline">
          {timelineLabel(inquiry.timeline)}
        </Detail>
        <Detail icon={<CampaignOutlined fontSize="small" />} label="Source">
          {sourceSummary(inquiry)}
        </Detail>
        <Detail icon={<MarkEmailReadOutlined fontSize="small" />} label="Marketing consent">
          {consentSummary(inquiry)}
        </Detail>
      </Stack>
      <LeadAttachments attachments={inquiry.attachments} />
      {quotes?.(inquiry.id, name, inquiry.history.length)}
      <LeadHistory id={inquiry.id} lead={inquiry} name={name} collection="project_inquiries" />
      <LeadMessages messages={inquiry.messages} collection="project_inquiries" />
      {dialog}
    </RecordCard>
  );
}

/** `quotes`: the lead's quotes on each card, from the quotes feature (the admin page hands it over). */
export function InquiriesTab({ quotes }: { quotes?: LeadQuotesSlot } = {}) {
  const [filter, setFilter] = useLeadFilter();
  const list = useInquiries(filter);
  return (
    <Stack spacing={2}>
      <LeadFilters collection="project_inquiries" noun="inquiries" one="inquiry" filter={filter} onChange={setFilter} />
      <ListPanel
        noun="inquiries"
        emptyText={emptyLeadsText(filter, 'inquiries', 'inquiry')}
        list={list}
        actions={
          <ExportButton
            noun="inquiries"
            name="inquiries"
            build={async () => toCsv(inquiryColumns, await fetchAll<Inquiry>(inquiriesUrl))}
          />
        }
      >
        <CardGrid fullWidth>
          {list.items.map((inquiry) => (
            <InquiryCard key={inquiry.id} inquiry={inquiry} quotes={quotes} linked={Boolean(filter.lead)} />
          ))}
        </CardGrid>
      </ListPanel>
    </Stack>
  );
}
