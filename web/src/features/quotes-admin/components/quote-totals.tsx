import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { depositCapPercent, depositCents, formatCents, quoteTotals, type QuoteItem } from '@site/domain';
import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '#web/lib/admin/settings-query.ts';

/**
 * The quote's figures with each group's first option and no optional item, as the customer first
 * sees it, computed by the same functions as the server: subtotal, GST, total and the deposit
 * at the settings' percentage (the legal maximum until they are read, or when they name none),
 * never above the cap on that total.
 */
export function QuoteTotals({ items }: { items: QuoteItem[] }) {
  const totals = quoteTotals(items);
  const setting = useQuery(settingsQuery).data?.settings.payments.depositPercent ?? null;
  const percent = Math.min(setting ?? depositCapPercent(totals.totalCents), depositCapPercent(totals.totalCents));
  const rows: Array<[string, string]> = [
    ['Subtotal (excl. GST)', formatCents(totals.subtotalCents)],
    ['GST (10%)', formatCents(totals.gstCents)],
    ['Total incl. GST', formatCents(totals.totalCents)],
    [`Deposit (${percent}%)`, formatCents(depositCents(totals.totalCents, setting))],
  ];
  return (
    <Box component="dl" aria-label="Totals" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.5 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: label.startsWith('Total') ? 700 : 400 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: label.startsWith('Total') ? 700 : 400 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
