import EmailOutlined from '@mui/icons-material/EmailOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { Link, Stack } from '@mui/material';
import type { QuoteRequest, WithMessages } from '@site/domain';
import { fetchAll } from '../api/list-query';
import { quoteRequestsUrl, useDeleteQuoteRequest, useQuoteRequests } from '../api/quote-requests';
import { toCsv } from '../lib/csv';
import { adminDateTime } from '../lib/dates';
import { quoteRequestColumns } from '../lib/exports';
import { ExportButton } from './export-button';
import { LeadMessages } from './lead-messages';
import { CardGrid, ListPanel } from './list-panel';
import { Detail, RecordCard } from './record-card';

function QuoteRequestCard({ quote }: { quote: WithMessages<QuoteRequest> }) {
  const remove = useDeleteQuoteRequest();
  const name = `${quote.firstName} ${quote.lastName}`;
  const onDelete = () => {
    if (window.confirm('Are you sure you want to delete this quote request?')) remove.mutate(quote.id);
  };
  return (
    <RecordCard
      title={name}
      dateTime={quote.createdAt}
      dateText={adminDateTime(quote.createdAt)}
      deleteLabel={`Delete quote request from ${name}`}
      deleting={remove.isPending}
      onDelete={onDelete}
    >
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
      </Stack>
      <LeadMessages messages={quote.messages} collection="quote_requests" />
    </RecordCard>
  );
}

export function QuoteRequestsTab() {
  const list = useQuoteRequests();
  return (
    <ListPanel
      noun="quote requests"
      emptyText="No quote requests yet"
      list={list}
      actions={
        <ExportButton noun="quote requests" name="quote-requests" build={async () => toCsv(quoteRequestColumns, await fetchAll<QuoteRequest>(quoteRequestsUrl))} />
      }
    >
      <CardGrid>
        {list.items.map((quote) => (
          <QuoteRequestCard key={quote.id} quote={quote} />
        ))}
      </CardGrid>
    </ListPanel>
  );
}
