import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { coolingOffKeepCents, formatCents, type Quote, type QuoteLeadKind, type QuoteWithdrawal } from '@site/domain';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { formatDate } from '#web/lib/dates.ts';
import { useMarkRefunded } from '../api/quotes';

interface QuoteWithdrawalProps {
  kind: QuoteLeadKind;
  leadId: string;
  quote: Quote;
  withdrawal: QuoteWithdrawal;
  /** The lead's name, for the confirmation. */
  name: string;
}

/**
 * A contract the owner withdrew from in the cooling-off period: who and when, the refund it
 * makes due (what they paid less the $100 the builder keeps), and marking it made.
 */
export function QuoteWithdrawalNote({ kind, leadId, quote, withdrawal, name }: QuoteWithdrawalProps) {
  const markRefunded = useMarkRefunded(kind, leadId);
  const { confirm, dialog } = useConfirm();
  const due = formatCents(withdrawal.refundDueCents);
  const keep = formatCents(coolingOffKeepCents).replace(/\.00$/, '');

  const askRefunded = () =>
    confirm({
      title: `Mark the refund on quote ${quote.number} made?`,
      question: `Only once ${due} is back with ${name}: the quote then shows the refund as made.`,
      confirmLabel: 'Mark refunded',
      onConfirm: () => markRefunded.mutate(quote.id),
    });

  return (
    <Box>
      <Typography variant="body2">
        Withdrawn by {withdrawal.name} on {formatDate(withdrawal.at)}
      </Typography>
      {withdrawal.refundDueCents > 0 ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Refund due: {due} (paid less {keep})
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No refund due: nothing was paid beyond the {keep} the builder keeps
        </Typography>
      )}
      {withdrawal.refundedAt ? (
        <Typography variant="body2" color="success.dark">
          Refunded on {formatDate(withdrawal.refundedAt)}
        </Typography>
      ) : withdrawal.refundDueCents > 0 ? (
        <Button size="small" variant="contained" sx={{ mt: 0.5 }} disabled={markRefunded.isPending} onClick={askRefunded}>
          Mark refunded
        </Button>
      ) : null}
      {dialog}
    </Box>
  );
}
