import { attachmentLimits, type CustomerPage } from '@site/domain';
import { useState } from 'react';
import { AttachmentPicker } from '#web/components/attachments/attachment-picker.tsx';
import { pendingCount } from '#web/lib/attachments/attachment-uploads.ts';
import { useAttachmentUploads } from '#web/lib/attachments/use-attachment-uploads.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { ActionButton } from '#web/components/action-button.tsx';
import { addCustomerFiles } from '../api/customer-project';
import styles from './customer-project.module.css';

type Files = CustomerPage['files'];

interface CustomerFilesProps {
  token: string;
  files: Files;
  unreachable: string;
  onAdded: (files: Files) => void;
}

/**
 * "Add photos or plans" on the customer's page: the inquiry's picker (files upload as they are
 * picked), then Send adds them to their lead and the page's list shows them. The server's
 * message when it refuses (the lead's files in all past the limit, an upload already used).
 */
export function CustomerFiles({ token, files, unreachable, onAdded }: CustomerFilesProps) {
  const { uploads, state } = useAttachmentUploads();
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ kind: 'sent' | 'refused'; text: string } | null>(null);
  const room = attachmentLimits.maxFiles - files.length;

  const send = async () => {
    setMessage(null);
    setSending(true);
    try {
      const finished = await uploads.finish();
      if (!('refs' in finished) || finished.refs.length === 0) return;
      const answer = await addCustomerFiles(token, finished.refs);
      uploads.clear();
      onAdded(answer.files);
      setMessage({ kind: 'sent', text: `Thank you: we have your ${finished.refs.length === 1 ? 'file' : 'files'}.` });
    } catch (error) {
      const body = error instanceof ApiRequestError && error.status < 500 ? error.body : null;
      setMessage({ kind: 'refused', text: (body && (Object.values(body.errors ?? {})[0] ?? body.message)) || unreachable });
    } finally {
      setSending(false);
    }
  };

  if (room <= 0) return <p className={styles.muted}>Your project has the most files it can hold ({attachmentLimits.maxFiles}).</p>;
  return (
    // A div, not a labelled section: the picker is its own section, and its input is the one thing named "Add photos or plans".
    <div className={styles.field}>
      <h3 className={styles.subheading}>Add photos or plans</h3>
      <AttachmentPicker uploads={uploads} state={state} pickClassName={styles.pick} />
      {message ? (
        <p role={message.kind === 'sent' ? 'status' : 'alert'} style={{ margin: 0 }}>
          {message.text}
        </p>
      ) : null}
      <div>
        <ActionButton
          type="button"
          tone="dark"
          className={styles.sendButton}
          onClick={() => void send()}
          disabled={sending || state.items.length === 0 || state.waiting}
        >
          {state.waiting ? `Uploading files (${pendingCount(state)} left)...` : sending ? 'Sending…' : 'Send'}
        </ActionButton>
      </div>
    </div>
  );
}
