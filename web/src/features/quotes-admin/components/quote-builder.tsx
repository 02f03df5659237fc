import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { highestTotalCents, isMajorWorks, type Quote, type QuoteLeadKind } from '@site/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '#web/lib/error-text.ts';
import { leadQuotesKey, saveQuote } from '../api/quotes';
import { formDraft, particularErrors, type ParticularField } from '../lib/quote-draft';
import { lineItem, type QuoteForm, type StartKind } from '../lib/quote-lines';
import { QuoteSections } from './quote-sections';
import { QuoteTotals } from './quote-totals';

/** How long typing pauses before the draft is saved. */
export const autosaveDelayMs = 800;

type SaveState = { state: 'idle' | 'saving' | 'saved' } | { state: 'failed'; message: string };

interface QuoteBuilderProps {
  kind: QuoteLeadKind;
  leadId: string;
  /** The quote being edited: a draft, or a sent version whose first save makes the next version. */
  quote: Quote | null;
  initial: QuoteForm;
  /** After each save, with the stored draft (the next version's id after a sent one). */
  onSaved: (quote: Quote) => void;
  onClose: () => void;
}

/**
 * The quote's items, choices, validity, notes and terms, with its totals as the customer will
 * see them. Every change is saved shortly after typing stops, once each line is complete.
 */
export function QuoteBuilder({ kind, leadId, quote, initial, onSaved, onClose }: QuoteBuilderProps) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(initial);
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const quoteId = useRef<string | null>(quote?.id ?? null);
  const lastSaved = useRef(JSON.stringify(formDraft(initial)));
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const draft = formDraft(form);
  const draftJson = JSON.stringify(draft);

  useEffect(() => {
    if (draft === null) return;
    if (draftJson === lastSaved.current) return;
    const timer = setTimeout(() => {
      setSave({ state: 'saving' });
      // Saves run one after another, so a later one never lands before an earlier one.
      saving.current = saving.current.then(async () => {
        try {
          const created = quoteId.current === null;
          const stored = await saveQuote(kind, leadId, quoteId.current, draft);
          quoteId.current = stored.id;
          // A new draft's site address comes from the lead's booking: the box shows it, to keep or change.
          if (created && stored.siteAddress)
            setForm((current) => (current.siteAddress.trim() ? current : { ...current, siteAddress: stored.siteAddress ?? '' }));
          lastSaved.current = draftJson;
          onSaved(stored);
          setSave({ state: 'saved' });
          void queryClient.invalidateQueries({ queryKey: leadQuotesKey(kind, leadId) });
        } catch (error) {
          setSave({ state: 'failed', message: serverMessage(error) });
        }
      });
    }, autosaveDelayMs);
    return () => clearTimeout(timer);
    // The draft's JSON stands for the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftJson]);

  const touch = (name: string) => setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  const items = form.lines.map(lineItem).filter((item) => item !== null);
  const lineProblem = form.lines.some((line) => lineItem(line) === null);
  const particularProblems = particularErrors(form);
  const particular = (name: ParticularField) => ({
    error: touched.has(name) && Boolean(particularProblems[name]),
    helperText: touched.has(name) ? particularProblems[name] : undefined,
    onBlur: () => touch(name),
    size: 'small' as const,
  });
  const setText = (name: ParticularField) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [name]: event.target.value }));

  return (
    <Stack spacing={2} component="section" aria-label={quote ? `Quote ${quote.number}` : 'New quote'}>
      <QuoteSections
        lines={form.lines}
        onChange={(change) => setForm((current) => ({ ...current, lines: change(current.lines) }))}
        touched={touched}
        touch={touch}
      />
      <TextField
        label="Valid for (days)"
        size="small"
        value={form.validDays}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        onChange={(event) => setForm((current) => ({ ...current, validDays: event.target.value }))}
        sx={{ maxWidth: 200 }}
      />
      <TextField
        label="Notes"
        multiline
        minRows={2}
        value={form.notes}
        onChange={(event) => setForm((current) => ({ ...current, notes: event.target.value }))}
      />
      <TextField
        label="Terms"
        multiline
        minRows={2}
        value={form.terms}
        onChange={(event) => setForm((current) => ({ ...current, terms: event.target.value }))}
      />
      <Stack spacing={1.5} component="section" aria-labelledby="quote-particulars">
        <Box>
          <Typography id="quote-particulars" component="h4" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Contract particulars
          </Typography>
          <Typography variant="body2" color={isMajorWorks(highestTotalCents(items)) ? 'warning.dark' : 'text.secondary'}>
            {isMajorWorks(highestTotalCents(items))
              ? 'Needed before sending: this quote can come to over $10,000'
              : 'Needed before sending a quote that can come to over $10,000'}
          </Typography>
        </Box>
        <TextField label="Site address" value={form.siteAddress} onChange={setText('siteAddress')} {...particular('siteAddress')} />
        <RadioGroup
          row
          aria-label="Start"
          value={form.startKind}
          onChange={(event) => setForm((current) => ({ ...current, startKind: event.target.value as StartKind }))}
        >
          <FormControlLabel value="date" control={<Radio size="small" />} label="Start on a date" />
          <FormControlLabel value="weeks" control={<Radio size="small" />} label="Start within weeks of acceptance" />
        </RadioGroup>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
          {form.startKind === 'date' ? (
            <TextField
              label="Start date"
              type="date"
              value={form.startDate}
              onChange={setText('startDate')}
              slotProps={{ inputLabel: { shrink: true } }}
              {...particular('startDate')}
            />
          ) : (
            <TextField
              label="Start within (weeks)"
              value={form.startWithinWeeks}
              onChange={setText('startWithinWeeks')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              {...particular('startWithinWeeks')}
            />
          )}
          <TextField
            label="Completion (weeks)"
            value={form.completionWeeks}
            onChange={setText('completionWeeks')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...particular('completionWeeks')}
          />
        </Box>
      </Stack>
      <QuoteTotals items={items} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography role="status" variant="body2" color={save.state === 'failed' ? 'error' : 'text.secondary'}>
          {save.state === 'saving'
            ? 'Saving…'
            : draft === null && lineProblem && touched.size > 0
              ? 'Not saved until every item has a description, quantity and price'
              : draft === null && Object.keys(particularProblems).length > 0
                ? 'Not saved until the contract particulars are corrected'
                : save.state === 'saved'
                  ? 'Saved'
                  : save.state === 'failed'
                    ? `Not saved: ${save.message}`
                    : ''}
        </Typography>
        <Button onClick={onClose}>Close</Button>
      </Stack>
    </Stack>
  );
}
