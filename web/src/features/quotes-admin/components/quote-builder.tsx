import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents, highestTotalCents, isMajorWorks, lineCents, quoteSections, type Quote, type QuoteLeadKind } from '@site/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '../../../lib/error-text';
import { leadQuotesKey, saveQuote } from '../api/quotes';
import {
  formDraft,
  lineErrors,
  lineItem,
  newLine,
  particularErrors,
  type LineKind,
  type ParticularField,
  type QuoteForm,
  type QuoteLine,
  type StartKind,
} from '../lib/quote-lines';
import { QuoteTotals } from './quote-totals';

/** How long typing pauses before the draft is saved. */
export const autosaveDelayMs = 800;

const kindLabels: Record<LineKind, string> = {
  included: 'Included',
  optional: 'Optional extra',
  option: 'One option of a choice',
};

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

  const setLine = (key: number, change: Partial<QuoteLine>) =>
    setForm((current) => ({ ...current, lines: current.lines.map((line) => (line.key === key ? { ...line, ...change } : line)) }));
  const touch = (name: string) => setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  const items = form.lines.map(lineItem).filter((item) => item !== null);
  // Headings as the PDF and the customer's page show them: consecutive lines of one section under one heading.
  const sectionStarts = new Set(
    quoteSections(form.lines.map((line) => ({ section: line.section.trim() || undefined })))
      .filter((section) => section.name !== null)
      .map((section) => section.indexes[0]),
  );
  const sectionNames = [...new Set(form.lines.map((line) => line.section.trim()).filter(Boolean))];
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
      <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Items">
        {form.lines.map((line, index) => {
          const errors = lineErrors(line);
          const shown = (field: keyof typeof errors) => (touched.has(`${line.key}.${field}`) ? errors[field] : undefined);
          const item = lineItem(line);
          const n = index + 1;
          const field = (name: keyof typeof errors) => ({
            error: Boolean(shown(name)),
            helperText: shown(name),
            onBlur: () => touch(`${line.key}.${name}`),
            size: 'small' as const,
          });
          return (
            <Box component="li" key={line.key}>
              {sectionStarts.has(index) ? (
                <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 700, mt: index === 0 ? 0 : 1, mb: 1 }}>
                  {line.section.trim()}
                </Typography>
              ) : null}
              <Stack spacing={1.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography component="h5" variant="subtitle2">
                    Item {n}
                    {item ? ` · ${formatCents(lineCents(item))} excl. GST` : ''}
                  </Typography>
                  <IconButton
                    aria-label={`Remove item ${n}`}
                    disabled={form.lines.length === 1}
                    onClick={() => setForm((current) => ({ ...current, lines: current.lines.filter((other) => other.key !== line.key) }))}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Stack>
                <TextField
                  label={`Item ${n} description`}
                  value={line.description}
                  onChange={(event) => setLine(line.key, { description: event.target.value })}
                  {...field('description')}
                />
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 2fr' }, gap: 1.5 }}>
                  <TextField
                    label={`Item ${n} quantity`}
                    value={line.quantity}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    onChange={(event) => setLine(line.key, { quantity: event.target.value })}
                    {...field('quantity')}
                  />
                  <TextField
                    label={`Item ${n} unit`}
                    placeholder="m, each"
                    value={line.unit}
                    onChange={(event) => setLine(line.key, { unit: event.target.value })}
                    {...field('unit')}
                  />
                  <TextField
                    label={`Item ${n} unit price excl. GST ($)`}
                    value={line.price}
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                    onChange={(event) => setLine(line.key, { price: event.target.value })}
                    {...field('price')}
                  />
                </Box>
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
                  <TextField
                    select
                    size="small"
                    label={`Item ${n} counts as`}
                    value={line.kind}
                    onChange={(event) => setLine(line.key, { kind: event.target.value as LineKind })}
                  >
                    {(Object.keys(kindLabels) as LineKind[]).map((value) => (
                      <MenuItem key={value} value={value}>
                        {kindLabels[value]}
                      </MenuItem>
                    ))}
                  </TextField>
                  {line.kind === 'option' ? (
                    <TextField
                      label={`Item ${n} choice`}
                      placeholder="Benchtop"
                      value={line.group}
                      onChange={(event) => setLine(line.key, { group: event.target.value })}
                      {...field('group')}
                    />
                  ) : null}
                  <Autocomplete
                    freeSolo
                    options={sectionNames.filter((name) => name !== line.section.trim())}
                    inputValue={line.section}
                    onInputChange={(_event, value) => setLine(line.key, { section: value })}
                    renderInput={(params) => (
                      <TextField {...params} label={`Item ${n} section`} placeholder="Cabinetry, Plumbing" {...field('section')} />
                    )}
                  />
                </Box>
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Items of the same choice are alternatives: the customer picks one, and the first is chosen until they do. Items keep their order:
        consecutive items of one section show under its heading, and items without a section come first.
      </Typography>
      <Box>
        <Button
          startIcon={<Add />}
          variant="outlined"
          onClick={() => setForm((current) => ({ ...current, lines: [...current.lines, newLine()] }))}
        >
          Add item
        </Button>
      </Box>
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
