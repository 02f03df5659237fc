import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { coolingOffKeepCents, formatCents, quoteWithdrawSchema, type CustomerQuote } from '@site/domain';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { withdrawFromQuote } from '../api/customer-project';

interface WithdrawDialogProps {
  open: boolean;
  token: string;
  quote: CustomerQuote;
  /** "3 December 2026 at 5 pm": when the period ends. */
  until: string;
  /** What to say when the server cannot be reached. */
  unreachable: string;
  onClose: () => void;
  onWithdrawn: (quote: CustomerQuote) => void;
}

/**
 * The owner's written notice of withdrawal within the cooling-off period: the full name they
 * type is the notice, sent when they confirm; the server's refusal (after the period, or a
 * second time) is shown in its words.
 */
export function WithdrawDialog({ open, token, quote, until, unreachable, onClose, onWithdrawn }: WithdrawDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const keep = formatCents(coolingOffKeepCents).replace(/\.00$/, '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = quoteWithdrawSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Type your full name to withdraw');
    setError(null);
    setProblem(null);
    setWorking(true);
    try {
      onWithdrawn(await withdrawFromQuote(token, quote.id, parsed.data.name));
    } catch (failure) {
      const answer = failure instanceof ApiRequestError && failure.status < 500 ? failure.body : null;
      if (answer?.errors?.name) setError(answer.errors.name);
      else setProblem(answer?.message ?? unreachable);
    } finally {
      setWorking(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onClosed={() => {
        setName('');
        setError(null);
        setProblem(null);
      }}
      maxWidth="sm"
      titleId={`withdraw-${quote.id}-title`}
      subtitleId={`withdraw-${quote.id}-subtitle`}
      title="Withdraw from this contract"
      subtitle={`Quote ${quote.number}, version ${quote.version}: you can withdraw until ${until}.`}
    >
      <DialogContent sx={{ pt: 1 }}>
        <form id={`withdraw-${quote.id}`} noValidate onSubmit={(event) => void submit(event)}>
          <Typography sx={{ mb: 2 }}>
            Typing your full name and sending it is your written notice that you withdraw from this contract. We may keep {keep} of what you
            have paid and refund the rest.
          </Typography>
          <TextField
            label="Your full name"
            autoComplete="name"
            fullWidth
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? undefined}
          />
          {problem ? (
            <Typography role="alert" color="error" sx={{ mt: 2, fontWeight: 600 }}>
              {problem}
            </Typography>
          ) : null}
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} size="large">
          Keep the contract
        </Button>
        <Button variant="contained" color="error" size="large" type="submit" form={`withdraw-${quote.id}`} disabled={working}>
          {working ? 'Sending…' : 'Send my notice to withdraw'}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
