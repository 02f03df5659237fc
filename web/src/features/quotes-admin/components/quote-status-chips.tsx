import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { formatCents, type Quote } from '@site/domain';

const depositLabels = { pending: 'Deposit pending', paid: 'Deposit paid', failed: 'Deposit failed' } as const;
const depositColors = { pending: 'warning', paid: 'success', failed: 'error' } as const;

/** Where a quote stands: its status (the accepted total, the reason given for a decline, a withdrawal) and its deposit. */
export function QuoteStatusChips({ quote }: { quote: Quote }) {
  const deposit = quote.deposit && quote.deposit.status !== 'none' ? quote.deposit : null;
  const declined = quote.declined?.reason ? `Declined: ${quote.declined.reason}` : 'Declined';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {quote.status === 'draft' ? <Chip size="small" variant="outlined" label="Draft" /> : null}
      {quote.status === 'sent' ? <Chip size="small" color="primary" variant="outlined" label="Sent" /> : null}
      {quote.status === 'accepted' ? (
        <Chip
          size="small"
          color="success"
          label={`Accepted: ${formatCents(quote.acceptance?.totals.totalCents ?? quote.totals.totalCents)} incl. GST`}
        />
      ) : null}
      {quote.status === 'declined' ? (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={declined}
          sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal' } }}
        />
      ) : null}
      {quote.status === 'withdrawn' ? <Chip size="small" color="warning" variant="outlined" label="Withdrawn" /> : null}
      {quote.status === 'replaced' ? <Chip size="small" variant="outlined" label="Replaced by a newer version" /> : null}
      {deposit ? (
        <Chip
          size="small"
          color={depositColors[deposit.status as keyof typeof depositColors]}
          variant="outlined"
          label={`${depositLabels[deposit.status as keyof typeof depositLabels]}: ${formatCents(deposit.cents)}`}
        />
      ) : null}
    </Stack>
  );
}
