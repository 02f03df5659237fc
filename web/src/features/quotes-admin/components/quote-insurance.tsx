import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { needsInsuranceCertificate, type Quote, type QuoteLeadKind } from '@site/domain';
import { useRef, useState, type ChangeEvent } from 'react';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { checkFile, formatBytes, uploadRules } from '#web/lib/uploads/file-checks.ts';
import { quoteInsuranceUrl, useAttachInsurance, useRemoveInsurance } from '../api/quotes';

interface QuoteInsuranceProps {
  kind: QuoteLeadKind;
  leadId: string;
  quote: Quote;
}

/**
 * The domestic building insurance certificate of a sent or accepted quote: a PDF attached for
 * the customer to download, and, over $16,000 accepted, what their deposit waits for.
 */
export function QuoteInsuranceField({ kind, leadId, quote }: QuoteInsuranceProps) {
  const input = useRef<HTMLInputElement>(null);
  const attach = useAttachInsurance(kind, leadId);
  const remove = useRemoveInsurance(kind, leadId);
  const { confirm, dialog } = useConfirm();
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { insurance } = quote;
  const waiting = quote.status === 'accepted' && !insurance && needsInsuranceCertificate(quote.acceptance?.totals.totalCents ?? 0);
  const label = `Insurance certificate for quote ${quote.number} version ${quote.version}`;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    setChecking(true);
    const refused = await checkFile('document', file);
    setChecking(false);
    if (refused) return setProblem(refused);
    attach.mutate({ quoteId: quote.id, file }, { onError: (error) => setProblem(errorText(error)) });
  };

  const askRemove = () =>
    confirm({
      title: `Remove the insurance certificate from quote ${quote.number}?`,
      question: `${insurance?.name ?? 'The certificate'} is no longer offered to the customer.`,
      confirmLabel: 'Remove',
      onConfirm: () => remove.mutate(quote.id),
    });

  return (
    <Box role="group" aria-label={label}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Insurance certificate
      </Typography>
      {waiting ? (
        <Typography variant="body2" color="warning.dark">
          Needed before the deposit: the accepted total is over $16,000.
        </Typography>
      ) : null}
      {insurance ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Link href={quoteInsuranceUrl(quote.id)} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
            {insurance.name}
          </Link>
          <Typography variant="body2" color="text.secondary">
            ({formatBytes(insurance.size)}, attached {formatDateTime(insurance.attachedAt)})
          </Typography>
          <Button size="small" color="error" disabled={remove.isPending} onClick={askRemove}>
            Remove
          </Button>
        </Stack>
      ) : (
        <>
          <input
            ref={input}
            type="file"
            accept={uploadRules.document.accept}
            hidden
            aria-hidden
            tabIndex={-1}
            name="insurance-file"
            onChange={(event) => void choose(event)}
          />
          <Button
            size="small"
            variant="outlined"
            startIcon={<UploadFile />}
            disabled={checking || attach.isPending}
            onClick={() => input.current?.click()}
            sx={{ mt: 0.5 }}
          >
            {attach.isPending ? 'Attaching…' : 'Attach insurance certificate (PDF)'}
          </Button>
        </>
      )}
      {problem ? (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {problem}
        </Typography>
      ) : null}
      {dialog}
    </Box>
  );
}
