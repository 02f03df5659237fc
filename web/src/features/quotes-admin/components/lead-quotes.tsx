import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, quoteAcceptedMessage, type Quote, type QuoteLeadKind, depositMarkable } from '@site/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { formatDate, formatDateTime } from '#web/lib/dates.ts';
import { PartBoundary } from '#web/components/admin/part-boundary.tsx';
import { particularsRefusal, quotePdfUrl, useLeadQuotes, useMarkDepositPaid, useSendQuote } from '../api/quotes';
import { emptyForm, quoteForm, type QuoteForm } from '../lib/quote-lines';
import { QuoteInsuranceField } from './quote-insurance';
import { QuoteStatusChips } from './quote-status-chips';
import { QuoteWithdrawalNote } from './quote-withdrawal';

interface LeadQuotesProps {
  kind: QuoteLeadKind;
  leadId: string;
  /** The lead's name, so each card's buttons have names of their own. */
  name: string;
  /** How many entries the lead's history holds: when a customer accepts or declines, one more, and the quotes are read again. */
  historyLength?: number;
}

// The builder (its lines, the price list, the checks against the API's schema) loads when a
// quote is opened in it, and starts loading when a pointer or the focus reaches a button that opens it.
const loadBuilder = () => import('./quote-builder');
const QuoteBuilder = lazy(() => loadBuilder().then((module) => ({ default: module.QuoteBuilder })));
const builderButton = { onPointerEnter: () => void loadBuilder(), onFocus: () => void loadBuilder() };

/** The builder's quote as opened, and the draft its saves stored (the next version's, after a sent one). */
type Editing = { quote: Quote | null; form: QuoteForm; saved?: Quote } | null;

/**
 * A lead's quotes on its card: each version with its status, deposit and PDF, Send for a draft,
 * Mark deposit paid for one pending by bank transfer, and the builder for a new quote, a draft,
 * or the next version of a sent one.
 */
export function LeadQuotes({ kind, leadId, name, historyLength = 0 }: LeadQuotesProps) {
  const quotes = useLeadQuotes(kind, leadId, historyLength);
  const send = useSendQuote(kind, leadId);
  const markPaid = useMarkDepositPaid(kind, leadId);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);
  const builderTitleId = useId();
  // When the card was opened, against which a cooling-off period reads as running or ended.
  const [openedAt] = useState(() => Date.now());
  // A send refused for missing particulars: the server's sentence stays on that version's card.
  const [sendRefused, setSendRefused] = useState<{ quoteId: string; message: string } | null>(null);
  const list = [...(quotes.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // Once a version is accepted it is the contract: the quote's other versions can no longer be edited or sent.
  const acceptedOf = new Map(list.filter((quote) => quote.status === 'accepted').map((quote) => [quote.number, quote]));
  const acceptedNote = (quote: Quote) => {
    const accepted = acceptedOf.get(quote.number);
    return accepted ? quoteAcceptedMessage(accepted.acceptance?.at ?? accepted.updatedAt) : null;
  };
  const hasDraft = list.some((quote) => quote.status === 'draft' && !acceptedOf.has(quote.number));

  const askSend = (quote: Quote) =>
    confirm({
      title: `Send quote ${quote.number} to ${name}?`,
      question: `Version ${quote.version}, ${formatCents(quote.totals.totalCents)} incl. GST, is emailed to ${name} with its PDF and can no longer be changed; editing it afterwards makes a new version.`,
      confirmLabel: 'Send',
      onConfirm: () => {
        setEditing(null);
        setSendRefused(null);
        send.mutate(quote.id, {
          onError: (error) => {
            const message = particularsRefusal(error);
            if (message) setSendRefused({ quoteId: quote.id, message });
          },
        });
      },
    });

  const askMarkPaid = (quote: Quote) =>
    confirm({
      title: `Mark the deposit on quote ${quote.number} paid?`,
      question: `Only once ${formatCents(quote.deposit?.cents ?? 0)} with the reference ${quote.deposit?.reference ?? quote.number} is in the bank account: ${name}'s page then shows the deposit as paid.`,
      confirmLabel: 'Mark paid',
      onConfirm: () => markPaid.mutate(quote.id),
    });

  return (
    <Box component="section" aria-label={`Quotes for ${name}`} sx={{ mt: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        Quotes
      </Typography>
      {quotes.isError ? <Typography color="error">Could not load the quotes. Please reload the page.</Typography> : null}
      {/* The "New quote" button's place while the lead's quotes load, so the history below does not move. */}
      {quotes.isPending ? (
        <Skeleton variant="rounded" width={104} height={31} animation={false} role="status" aria-label="Loading the quotes" />
      ) : null}
      <Stack spacing={2}>
        {list.map((quote) =>
          editing && (editing.quote?.id === quote.id || editing.saved?.id === quote.id) ? null : (
            <Box key={quote.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
              <Stack spacing={1}>
                <Typography sx={{ fontWeight: 600 }}>
                  Quote {quote.number}, version {quote.version}: {formatCents(quote.totals.totalCents)} incl. GST
                </Typography>
                <QuoteStatusChips quote={quote} />
                {quote.validUntil && quote.status === 'sent' ? (
                  <Typography variant="body2" color="text.secondary">
                    Valid until {formatDate(quote.validUntil)}
                  </Typography>
                ) : null}
                {quote.status === 'accepted' && quote.coolingOffEndsAt ? (
                  <Typography variant="body2" color="text.secondary">
                    {Date.parse(quote.coolingOffEndsAt) > openedAt ? 'Cooling-off until' : 'Cooling-off ended'}{' '}
                    {formatDateTime(quote.coolingOffEndsAt)}
                  </Typography>
                ) : null}
                {sendRefused?.quoteId === quote.id && quote.status === 'draft' ? (
                  <Typography role="alert" variant="body2" color="error">
                    {sendRefused.message}
                  </Typography>
                ) : null}
                {quote.status === 'withdrawn' && quote.withdrawal ? (
                  <QuoteWithdrawalNote kind={kind} leadId={leadId} quote={quote} withdrawal={quote.withdrawal} name={name} />
                ) : null}
                {quote.status === 'sent' || quote.status === 'accepted' ? (
                  <QuoteInsuranceField kind={kind} leadId={leadId} quote={quote} />
                ) : null}
                {quote.status === 'draft' && acceptedNote(quote) ? (
                  <Typography variant="body2" color="text.secondary">
                    {acceptedNote(quote)}
                  </Typography>
                ) : null}
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
                  {quote.status === 'draft' && !acceptedOf.has(quote.number) ? (
                    <>
                      <Button
                        size="small"
                        variant="outlined"
                        {...builderButton}
                        onClick={() => setEditing({ quote, form: quoteForm(quote) })}
                      >
                        Edit draft
                      </Button>
                      <Button size="small" variant="contained" disabled={send.isPending} onClick={() => askSend(quote)}>
                        Send
                      </Button>
                    </>
                  ) : null}
                  {quote.status === 'sent' && !hasDraft ? (
                    <Button
                      size="small"
                      variant="outlined"
                      {...builderButton}
                      onClick={() => setEditing({ quote, form: quoteForm(quote) })}
                    >
                      Edit (makes version {quote.version + 1})
                    </Button>
                  ) : null}
                  {depositMarkable(quote) ? (
                    <Button size="small" variant="contained" disabled={markPaid.isPending} onClick={() => askMarkPaid(quote)}>
                      Mark deposit paid
                    </Button>
                  ) : null}
                  {quote.status !== 'draft' ? (
                    <Link href={quotePdfUrl(quote.id)} target="_blank" rel="noopener">
                      PDF of quote {quote.number} version {quote.version}
                    </Link>
                  ) : null}
                </Stack>
              </Stack>
            </Box>
          ),
        )}
        {editing ? (
          // The builder takes the whole screen, as a page of its own: the card is too narrow for a quote's lines. Escape
          // does not close it (it puts back an item being moved); its Close button does.
          <Dialog open fullScreen aria-labelledby={builderTitleId}>
            <DialogTitle id={builderTitleId} component="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              {editing.quote === null
                ? `New quote for ${name}`
                : editing.quote.status === 'draft'
                  ? `Quote ${editing.quote.number}, version ${editing.quote.version} (draft) for ${name}`
                  : `Quote ${editing.quote.number}, version ${editing.quote.version + 1} (draft; version ${editing.quote.version} stays as sent until this one is sent) for ${name}`}
            </DialogTitle>
            <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
              <PartBoundary part="The quote builder">
                <Suspense
                  fallback={
                    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                      <CircularProgress aria-label="Loading the quote builder" />
                    </Box>
                  }
                >
                  <QuoteBuilder
                    kind={kind}
                    leadId={leadId}
                    quote={editing.quote}
                    initial={editing.form}
                    onSaved={(saved) => setEditing((current) => current && { ...current, saved })}
                    onClose={() => setEditing(null)}
                  />
                </Suspense>
              </PartBoundary>
              {(editing.saved ?? (editing.quote?.status === 'draft' ? editing.quote : undefined)) ? (
                <Button
                  variant="contained"
                  sx={{ mt: 1 }}
                  disabled={send.isPending}
                  onClick={() => askSend((editing.saved ?? editing.quote) as Quote)}
                >
                  Send version {(editing.saved ?? editing.quote)?.version}
                </Button>
              ) : null}
            </DialogContent>
          </Dialog>
        ) : !hasDraft && quotes.isSuccess ? (
          <Box>
            <Button
              variant="outlined"
              size="small"
              {...builderButton}
              onClick={() => setEditing({ quote: null, form: emptyForm() })}
              aria-label={`New quote for ${name}`}
            >
              New quote
            </Button>
          </Box>
        ) : null}
      </Stack>
      {dialog}
    </Box>
  );
}
