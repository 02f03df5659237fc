import { zodResolver } from '@hookform/resolvers/zod';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { quoteInputSchema, quoteRooms } from '@site/domain';
import { useEffect, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { LeadForm, LeadSubmitButton, useLeadForm } from '#web/components/lead-form.tsx';
import { textFieldProps } from '#web/lib/form-field.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useCreateQuote } from '../api/create-quote';
import type { QuotePrefill } from '#web/lib/quote-prefill.ts';

const emptyQuote = { firstName: '', lastName: '', email: '', suburb: '', room: '' };

interface QuoteDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a successful request, with the first name for the thank-you dialog. */
  onSubmitted: (firstName: string) => void;
  /** Once the closing animation has ended. */
  onExited?: () => void;
  /** What the button that opened it had typed in already (quote-prefill.ts); applied at each opening that brings one. */
  prefill?: QuotePrefill;
}

/** 'Request a Free Quote'. */
export default function QuoteDialog({ open, onClose, onSubmitted, onExited, prefill }: QuoteDialogProps) {
  const form = useForm({
    resolver: zodResolver(quoteInputSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: { ...emptyQuote, ...prefill },
  });
  useEffect(() => {
    if (open && prefill) form.reset({ ...emptyQuote, ...prefill });
  }, [open, prefill, form]);
  const mutation = useCreateQuote();
  const lead = useLeadForm({
    open,
    onClose,
    onExited,
    reset: () => {
      form.reset(emptyQuote);
      mutation.reset();
    },
  });
  const toast = useToast();

  // handleSubmit is called at submit time, not while rendering: the honeypot's value is
  // read from its element then.
  const submit = (event?: FormEvent) =>
    form.handleSubmit(async (values) => {
      const sent = await lead.finish();
      if (!sent) return;
      mutation.mutate(
        { ...values, ...sent },
        {
          onSuccess: () => onSubmitted(values.firstName),
          onError: () => toast({ title: 'Error', message: 'Failed to submit your quote request. Please try again.', variant: 'error' }),
        },
      );
    })(event);

  const field = (name: 'firstName' | 'lastName' | 'email' | 'suburb') => ({ ...textFieldProps(form, name), required: true });

  return (
    <FormDialog
      {...lead.dialogProps}
      maxWidth="sm"
      titleId="quote-title"
      subtitleId="quote-subtitle"
      title="Request a Free Quote"
      subtitle="We'll get back to you with a detailed quote"
    >
      <DialogContent sx={{ pt: 2 }}>
        <LeadForm id="quote-form" onSubmit={submit} {...lead.formProps}>
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
          <TextField label="Email" type="email" autoComplete="email" {...field('email')} sx={{ gridColumn: { sm: 'span 2' } }} />
          <TextField
            label="Suburb"
            placeholder="e.g. Richmond"
            autoComplete="address-level2"
            {...field('suburb')}
            sx={{ gridColumn: { sm: 'span 2' } }}
          />
          <Controller
            name="room"
            control={form.control}
            render={({ field: roomField, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)} required sx={{ gridColumn: { sm: 'span 2' } }}>
                <FormLabel component="legend" sx={{ color: 'text.primary', mb: 0.5 }}>
                  Which room would you like to renovate?
                </FormLabel>
                <RadioGroup
                  row
                  name={roomField.name}
                  value={roomField.value}
                  onChange={(event) => roomField.onChange(event.target.value)}
                  onBlur={roomField.onBlur}
                  aria-describedby={fieldState.error ? 'quote-room-error' : undefined}
                >
                  {quoteRooms.map((room, index) => (
                    <FormControlLabel
                      key={room}
                      value={room}
                      label={room}
                      control={<Radio slotProps={{ input: { ref: index === 0 ? roomField.ref : undefined } }} />}
                    />
                  ))}
                </RadioGroup>
                {fieldState.error ? <FormHelperText id="quote-room-error">{fieldState.error.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
        </LeadForm>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <LeadSubmitButton form="quote-form" attachments={lead.attachments} sending={mutation.isPending} sendingText="Sending..." fullWidth>
          Request Free Quote
        </LeadSubmitButton>
      </DialogActions>
    </FormDialog>
  );
}
