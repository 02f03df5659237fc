import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormHelperText from '@mui/material/FormHelperText';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { honeypotField, limits, reviewCollectionNotice, reviewInputSchema, type ReviewInput } from '@site/domain';
import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { HoneypotField } from '#web/components/honeypot-field.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { textFieldProps } from '#web/lib/form-field.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useCreateReview } from '../api/create-review';
import { CollectionNotice } from '#web/components/privacy/collection-notice.tsx';

const emptyReview: ReviewInput = { customerName: '', rating: 0, reviewText: '', email: '' };
const ratingWords = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

interface ReviewDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmitted: () => void;
  /** The customer's own review link (a review request): their name filled in, the review sent as verified. */
  invite?: { token: string; name: string };
}

/** 'Leave a Review': the rating starts at 0 and stars preview on hover. */
export default function ReviewDialog({ open, onClose, onSubmitted, invite }: ReviewDialogProps) {
  const startValues = invite ? { ...emptyReview, customerName: invite.name } : emptyReview;
  const form = useForm({
    resolver: zodResolver(reviewInputSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: startValues,
  });
  const mutation = useCreateReview();
  const toast = useToast();
  const honeypot = useRef<HTMLInputElement>(null);
  const [hover, setHover] = useState(-1);

  const clear = () => {
    form.reset(startValues);
    mutation.reset();
    setHover(-1);
  };
  const cancel = () => {
    clear();
    onClose();
  };

  // handleSubmit is called at submit time, not while rendering: the honeypot's value is
  // read from its element then.
  const submit = (event?: FormEvent) =>
    form.handleSubmit((values) => {
      mutation.mutate(
        { ...values, ...(invite ? { invite: invite.token } : {}), [honeypotField]: honeypot.current?.value ?? '' },
        {
          onSuccess: () => {
            clear();
            // Shown from here, inside the dialog's toast provider, which the page has only
            // once a dialog has loaded.
            toast({ title: 'Success!', message: 'Thank you for your review! It will be visible once approved.', variant: 'default' });
            onSubmitted();
          },
          // A used or expired link says so; trying again would not help.
          onError: (error) =>
            toast({
              title: 'Error',
              message:
                error instanceof ApiRequestError && error.status === 410 && error.body?.message
                  ? error.body.message
                  : 'Failed to submit your review. Please try again.',
              variant: 'error',
            }),
        },
      );
    })(event);

  const field = (name: 'customerName' | 'reviewText' | 'email') => textFieldProps(form, name);

  return (
    <FormDialog open={open} onClose={cancel} maxWidth="sm" titleId="review-title" title="Leave a Review">
      <DialogContent sx={{ pt: 2 }}>
        <Box component="form" id="review-form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
          <TextField label="Your name" autoComplete="name" required {...field('customerName')} />
          <Controller
            name="rating"
            control={form.control}
            render={({ field: ratingField, fieldState }) => (
              <Box
                component="fieldset"
                sx={{ border: 0, p: 0, m: 0 }}
                aria-describedby={fieldState.error ? 'review-rating-error' : undefined}
              >
                <Typography component="legend" sx={{ fontWeight: 500, mb: 0.5 }}>
                  Rating *
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Rating
                    name="rating"
                    size="large"
                    max={limits.ratingMax}
                    value={ratingField.value || null}
                    onChange={(_, value) => ratingField.onChange(value ?? 0)}
                    onChangeActive={(_, value) => setHover(value)}
                    ref={(element: HTMLSpanElement | null) => {
                      // Lets the form move focus here when the rating is the first invalid field.
                      ratingField.ref(
                        element ? { focus: () => element.querySelector<HTMLInputElement>('input:checked, input')?.focus() } : null,
                      );
                    }}
                    sx={{ color: '#b57f12', '& .MuiRating-iconEmpty': { color: '#767676' } }}
                  />
                  <Typography aria-hidden="true" color="text.secondary" data-testid="rating-preview">
                    {ratingWords[hover !== -1 ? hover : ratingField.value] ?? ''}
                  </Typography>
                </Box>
                {fieldState.error ? (
                  <FormHelperText error id="review-rating-error">
                    {fieldState.error.message}
                  </FormHelperText>
                ) : null}
              </Box>
            )}
          />
          <TextField label="Your review" multiline minRows={4} required {...field('reviewText')} />
          <TextField label="Email (optional)" type="email" autoComplete="email" {...field('email')} />
          <HoneypotField inputRef={honeypot} />
          <CollectionNotice purpose={reviewCollectionNotice} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        <Button onClick={cancel} size="large">
          Cancel
        </Button>
        <Button variant="contained" size="large" type="submit" form="review-form" disabled={mutation.isPending}>
          {mutation.isPending ? 'Submitting...' : 'Submit Review'}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
