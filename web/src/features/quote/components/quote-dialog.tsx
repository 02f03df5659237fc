import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { honeypotField, quoteInputSchema, quoteRooms } from '@site/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { DialogHeading } from '../../../components/dialog-heading';
import { HoneypotField } from '../../../components/honeypot-field';
import { useToast } from '../../../lib/toast';
import { useCreateQuote } from '../api/create-quote';
import { CollectionNotice, MarketingConsent } from '../../../components/privacy/collection-notice';
import { AttachmentPicker } from '../../../components/attachments/attachment-picker';
import { pendingCount } from '../../../lib/attachments/attachment-uploads';
import { useAttachmentUploads } from '../../../lib/attachments/use-attachment-uploads';

const emptyQuote = { firstName: '', lastName: '', email: '', suburb: '', room: '' };

interface QuoteDialogProps {
  open: boolean;
  onClose: () => void;
  /** After a successful request, with the first name for the thank-you dialog. */
  onSubmitted: (firstName: string) => void;
  /** Once the closing animation has ended. */
  onExited?: () => void;
}

/** 'Request a Free Quote'. */
export default function QuoteDialog({ open, onClose, onSubmitted, onExited }: QuoteDialogProps) {
  const form = useForm({
    resolver: zodResolver(quoteInputSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: emptyQuote,
  });
  const mutation = useCreateQuote();
  const { uploads, state: attachments } = useAttachmentUploads();
  const toast = useToast();
  const honeypot = useRef<HTMLInputElement>(null);
  // Never pre-ticked.
  const [marketingConsent, setMarketingConsent] = useState(false);

  const reset = () => {
    form.reset(emptyQuote);
    setMarketingConsent(false);
    mutation.reset();
    uploads.clear();
  };

  const close = () => {
    // Files of a request given up are not sent, even if they finish uploading while the dialog closes.
    uploads.clear();
    onClose();
  };

  // handleSubmit is called at submit time, not while rendering: the honeypot's value is
  // read from its element then.
  const submit = (event?: FormEvent) =>
    form.handleSubmit(async (values) => {
      // Files still uploading are waited for; a failed one must be tried again or removed first.
      const files = await uploads.finish();
      if (!('refs' in files)) return;
      mutation.mutate(
        {
          ...values,
          marketingConsent,
          ...(files.refs.length > 0 ? { attachments: files.refs } : {}),
          [honeypotField]: honeypot.current?.value ?? '',
        },
        {
          onSuccess: () => onSubmitted(values.firstName),
          onError: () => toast({ title: 'Error', message: 'Failed to submit your quote request. Please try again.', variant: 'error' }),
        },
      );
    })(event);

  const field = (name: 'firstName' | 'lastName' | 'email' | 'suburb') => {
    const { ref, ...rest } = form.register(name);
    const error = form.formState.errors[name];
    return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message, fullWidth: true, required: true };
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      scroll="paper"
      aria-labelledby="quote-title"
      aria-describedby="quote-subtitle"
      slotProps={{
        paper: { sx: { maxHeight: '90vh', m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } } },
        transition: {
          onExited: () => {
            reset();
            onExited?.();
          },
        },
      }}
    >
      <DialogHeading
        titleId="quote-title"
        subtitleId="quote-subtitle"
        title="Request a Free Quote"
        subtitle="We'll get back to you with a detailed quote"
        onClose={close}
      />
      <DialogContent sx={{ pt: 2 }}>
        <Box
          component="form"
          id="quote-form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2.5, pt: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
        >
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
          <HoneypotField inputRef={honeypot} />
          <Box sx={{ gridColumn: { sm: 'span 2' }, minWidth: 0 }}>
            <AttachmentPicker uploads={uploads} state={attachments} />
          </Box>
          <MarketingConsent checked={marketingConsent} onChange={setMarketingConsent} />
          <CollectionNotice />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button
          variant="contained"
          size="large"
          type="submit"
          form="quote-form"
          disabled={mutation.isPending || attachments.waiting}
          fullWidth
        >
          {attachments.waiting
            ? `Uploading files (${pendingCount(attachments)} left)...`
            : mutation.isPending
              ? 'Sending...'
              : 'Request Free Quote'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
