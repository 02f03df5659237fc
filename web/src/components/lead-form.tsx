import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { honeypotField, type AttachmentRef } from '@site/domain';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { pendingCount, type UploadsState } from '../lib/attachments/attachment-uploads';
import { useAttachmentUploads } from '../lib/attachments/use-attachment-uploads';
import { AttachmentPicker } from './attachments/attachment-picker';
import { HoneypotField } from './honeypot-field';
import { CollectionNotice, MarketingConsent } from './privacy/collection-notice';

/** What every lead sends besides its own fields. */
export interface LeadExtras {
  marketingConsent: boolean;
  attachments?: AttachmentRef[];
  [honeypotField]: string;
}

interface LeadDialogOptions {
  open: boolean;
  /** The dialog asks to close. */
  onClose: () => void;
  /** Once the closing animation has ended and the form has emptied itself. */
  onExited?: () => void;
  /** Empties the dialog's own fields, once it has closed. */
  reset: () => void;
}

/**
 * What a lead's dialog keeps besides its own fields: the files (uploading while the form is
 * filled in), the marketing-consent box and the honeypot; and its closing, which drops them.
 */
export function useLeadForm({ open, onClose, onExited, reset }: LeadDialogOptions) {
  const { uploads, state: attachments } = useAttachmentUploads();
  const honeypot = useRef<HTMLInputElement>(null);
  // Never pre-ticked, and not kept across a reload: consent is given afresh each time.
  const [marketingConsent, setMarketingConsent] = useState(false);
  return {
    attachments,
    /** LeadForm's props besides its id, its submit and its fields. */
    formProps: { honeypot, uploads, attachments, marketingConsent, onMarketingConsent: setMarketingConsent },
    /**
     * Waits for the files still uploading, then gives what the lead sends besides its own
     * fields; null when a file failed (it must be tried again or removed first) or the form was left.
     */
    async finish(): Promise<LeadExtras | null> {
      const files = await uploads.finish();
      if (!('refs' in files)) return null;
      return {
        marketingConsent,
        ...(files.refs.length > 0 ? { attachments: files.refs } : {}),
        // Read from its element at submit time: bots fill it in.
        [honeypotField]: honeypot.current?.value ?? '',
      };
    },
    /** FormDialog's props. */
    dialogProps: {
      open,
      onClose: () => {
        // Files of a lead given up are not sent, even if they finish uploading while the dialog closes.
        uploads.clear();
        onClose();
      },
      onClosed: () => {
        setMarketingConsent(false);
        uploads.clear();
        reset();
      },
      onExited,
    },
  };
}

type LeadFormParts = ReturnType<typeof useLeadForm>['formProps'];

interface LeadFormProps extends LeadFormParts {
  /** The form's id, for the submit button in the dialog's actions. */
  id: string;
  onSubmit: (event: FormEvent) => unknown;
  /** The form's own fields, two to a row on wider screens. */
  children: ReactNode;
}

/** A lead's contact form (the inquiry's last step, the quote request): its fields, then photos and plans, consent and the collection notice. */
export function LeadForm(props: LeadFormProps) {
  const { id, onSubmit, honeypot, uploads, attachments, marketingConsent, onMarketingConsent, children } = props;
  return (
    <Box
      component="form"
      id={id}
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'grid', gap: 2.5, pt: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
    >
      {children}
      <HoneypotField inputRef={honeypot} />
      <Box sx={{ gridColumn: { sm: 'span 2' }, minWidth: 0 }}>
        <AttachmentPicker uploads={uploads} state={attachments} />
      </Box>
      <MarketingConsent checked={marketingConsent} onChange={onMarketingConsent} />
      <CollectionNotice />
    </Box>
  );
}

interface LeadSubmitButtonProps extends Omit<ButtonProps, 'form' | 'children'> {
  /** The form's id. */
  form: string;
  attachments: UploadsState;
  sending: boolean;
  /** What the button says while the lead is sent, e.g. "Submitting...". */
  sendingText: string;
  children: string;
}

/** A lead form's submit button: it waits for the files still uploading, saying how many are left. */
export function LeadSubmitButton({ form, attachments, sending, sendingText, children, ...props }: LeadSubmitButtonProps) {
  return (
    <Button variant="contained" size="large" type="submit" form={form} disabled={sending || attachments.waiting} {...props}>
      {attachments.waiting ? `Uploading files (${pendingCount(attachments)} left)...` : sending ? sendingText : children}
    </Button>
  );
}
