import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { sourceSummary, type QuoteRequest, type WithMessages } from '@site/domain';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { fetchAll } from './api/lead-list';
import { quoteRequestsUrl, useDeleteQuoteRequest, useQuoteRequests } from './api/quote-requests';
import { toCsv } from './lib/csv';
import { emptyLeadsText } from './lib/empty-text';
import { consentSummary, quoteRequestColumns } from './lib/exports';
import { useLeadFilter } from './hooks/use-lead-filter';
import { ExportButton } from './components/export-button';
import { LeadFilters } from './components/lead-filters';
import { LeadAttachments } from './components/lead-attachments';
import { LeadHistory } from './components/lead-history';
import { LeadMessages } from './components/lead-messages';
import { LeadStatusControl } from './components/lead-status';
import { LeadSummary } from './components/lead-summary';
import { OverdueChip } from './components/overdue-chip';
import type { LeadMeasureSlot, LeadQuotesSlot } from './lib/lead-quotes-slot';
import { CardGrid, ListPanel } from '#web/components/admin/list-panel.tsx';
import { Detail, RecordCard } from '#web/components/admin/record-card.tsx';

/** `linked`: the one lead a link showed, opened at once on a phone. */
function QuoteRequestCard({
  quote,
  quotes,
  measure,
  linked,
}: {
  quote: WithMessages<QuoteRequest>;
  quotes?: LeadQuotesSlot;
  measure?: LeadMeasureSlot;
  linked?: boolean;
}) {
  const remove = useDeleteQuoteRequest();
  const name = `${quote.firstName} ${quote.lastName}`;
  const { confirm, dialog } = useConfirm();
  const onDelete = () =>
    confirm({
      title: `Delete quote request from ${name}?`,
      question: 'Are you sure you want to delete this quote request?',
      onConfirm: () => remove.mutate(quote.id),
    });
  return (
    <RecordCard
      title={name}
      dateTime={quote.createdAt}
      dateText={formatDateTime(quote.createdAt)}
      badge={<OverdueChip lead={quote} />}
      summary={<LeadSummary service={quote.room} status={quote.status} createdAt={quote.createdAt} />}
      deleteLabel={`Delete quote request from ${name}`}
      deleting={remove.isPending}
      onDelete={onDelete}
      defaultOpen={linked}
    >
      <Stack sx={{ mb: 2 }}>
        <LeadStatusControl id={quote.id} status={quote.status} name={name} collection="quote_requests" />
      </Stack>
      <Stack spacing={1}>
        <Detail icon={<PlaceOutlined fontSize="small" />} label="Suburb">
          {quote.suburb}
        </Detail>
        <Detail icon={<HomeOutlined fontSize="small" />} label="Room">
          {quote.room}
        </Detail>
        <Detail icon={<EmailOutlined fontSize="small" />} label="Email">
          <Link href={`mailto:${quote.email}`}>{quote.email}</Link>
        </Detail>
        <Detail icon={<CampaignOutlined fontSize="small" />} label="Source">
          {sourceSummary(quote)}
        </Detail>
        <Detail icon={<MarkEmailReadOutlined fontSize="small" />} label="Marketing consent">
          {consentSummary(quote)}
        </Detail>
      </Stack>
      {quote.bookingId ? measure?.(quote.bookingId) : null}
      <LeadAttachments attachments={quote.attachments} />
      {quotes?.(quote.id, name, quote.history.length)}
      <LeadHistory id={quote.id} lead={quote} name={name} collection="quote_requests" />
      <LeadMessages messages={quote.messages} collection="quote_requests" />
      {dialog}
    </RecordCard>
  );
}

/** `quotes`: the lead's quotes on each card, from the quotes feature; `measure`: its booked site measure, from the calendar feature (the admin page hands both over). */
export function QuoteRequestsTab({ quotes, measure }: { quotes?: LeadQuotesSlot; measure?: LeadMeasureSlot } = {}) {
  const [filter, setFilter] = useLeadFilter();
  const list = useQuoteRequests(filter);
  return (
    <Stack spacing={2}>
      <LeadFilters collection="quote_requests" noun="quote requests" one="quote request" filter={filter} onChange={setFilter} />
      <ListPanel
        noun="quote requests"
        emptyText={emptyLeadsText(filter, 'quote requests', 'quote request')}
        list={list}
        actions={
          <ExportButton
            noun="quote requests"
            name="quote-requests"
            build={async () => toCsv(quoteRequestColumns, await fetchAll<QuoteRequest>(quoteRequestsUrl))}
          />
        }
      >
        <CardGrid fullWidth>
          {list.items.map((quote) => (
            <QuoteRequestCard key={quote.id} quote={quote} quotes={quotes} measure={measure} linked={Boolean(filter.lead)} />
          ))}
        </CardGrid>
      </ListPanel>
    </Stack>
  );
}
