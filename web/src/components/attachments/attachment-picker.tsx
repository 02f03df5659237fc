import AttachFile from '@mui/icons-material/AttachFile';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { attachmentAccept, attachmentLimits, formatBytes } from '@site/domain';
import { useEffect, useId, useRef } from 'react';
import { FramePicture, PictureFrame } from '../picture-frame';
import { visuallyHidden } from '../visually-hidden';
import type { AttachmentItem, AttachmentUploads, UploadsState } from '#web/lib/attachments/attachment-uploads.ts';

interface AttachmentPickerProps {
  uploads: AttachmentUploads;
  state: UploadsState;
  /** A class for a plain "Add photos or plans" label in a public page's own style, instead of MUI's button. */
  pickClassName?: string;
}

function Preview({ item }: { item: AttachmentItem }) {
  return (
    <PictureFrame aria-hidden="true" width={56} height={56} sx={{ color: 'error.dark' }}>
      {item.preview ? <FramePicture src={item.preview} alt="" /> : <PictureAsPdfOutlined fontSize="large" />}
    </PictureFrame>
  );
}

function Status({ item }: { item: AttachmentItem }) {
  if (item.status === 'failed') {
    return (
      <Typography role="alert" variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
        {item.error}
      </Typography>
    );
  }
  if (item.status === 'done') {
    return (
      <Typography variant="body2" color="success.dark" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <CheckCircle fontSize="inherit" aria-hidden="true" /> Uploaded
      </Typography>
    );
  }
  const percent = Math.round(item.progress * 100);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`Uploading ${item.name}`}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: '7ch', textAlign: 'right' }}>
        {item.status === 'waiting' ? 'Waiting' : `${percent}%`}
      </Typography>
    </Box>
  );
}

/**
 * "Add photos or plans": a real file input under a visible label (so the keyboard, a screen
 * reader and a phone's photo picker all treat it as one), the files' previews with their
 * upload progress, and for each a remove button and, when its upload failed, a retry.
 */
export function AttachmentPicker({ uploads, state, pickClassName }: AttachmentPickerProps) {
  const inputId = useId();
  const hintId = useId();
  const problemRef = useRef<HTMLParagraphElement>(null);
  const { items, refusals, notice, problem } = state;
  const full = items.length >= attachmentLimits.maxFiles;
  const done = items.filter((item) => item.status === 'done').length;

  // Sending with a failed file: the reason is read out and the first failed file is next to Tab.
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  return (
    <Box component="section" aria-labelledby={`${inputId}-title`} sx={{ minWidth: 0 }}>
      <Typography id={`${inputId}-title`} component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        Photos and plans (optional)
      </Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Photos of the room or your plans help us understand the job. JPEG, PNG, WebP, AVIF or PDF, up to 20 MB each, at most{' '}
        {attachmentLimits.maxFiles} files.
      </Typography>
      <Box
        sx={{
          // The input is hidden from view but not from the keyboard: its focus shows on the label.
          '& input:focus-visible + label': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <input
          id={inputId}
          type="file"
          multiple
          accept={attachmentAccept}
          aria-describedby={hintId}
          disabled={full}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void uploads.add(files);
          }}
          style={visuallyHidden}
        />
        {pickClassName ? (
          <label htmlFor={inputId} className={pickClassName} aria-disabled={full || undefined}>
            <AttachFile fontSize="small" aria-hidden="true" />
            Add photos or plans
          </label>
        ) : (
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            startIcon={<AttachFile />}
            disabled={full}
            // The input takes the focus and the keys; the label is only what is clicked and seen.
            tabIndex={-1}
            role={undefined}
            sx={{ minHeight: 44 }}
          >
            Add photos or plans
          </Button>
        )}
      </Box>
      {notice ? (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
          {notice}
        </Typography>
      ) : null}
      {refusals.length > 0 ? (
        <Box role="alert">
          <Box component="ul" aria-label="Files not added" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
            {refusals.map((refusal) => (
              <Typography key={refusal.key} component="li" variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                <Box component="strong" sx={{ fontWeight: 600 }}>
                  {refusal.name}
                </Box>
                : {refusal.message}
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}
      {problem ? (
        <Typography ref={problemRef} tabIndex={-1} role="alert" variant="body2" color="error" sx={{ mt: 1, fontWeight: 600 }}>
          {problem}
        </Typography>
      ) : null}
      {items.length > 0 ? (
        <>
          <Box component="ul" aria-label="Attached files" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}>
            {items.map((item) => (
              <Box
                component="li"
                key={item.key}
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1.5,
                  p: 1,
                  border: 1,
                  borderColor: item.status === 'failed' ? 'error.main' : 'divider',
                  borderRadius: 1,
                  minWidth: 0,
                }}
              >
                <Preview item={item} />
                <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {item.name}{' '}
                    <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                      ({item.kind === 'pdf' ? 'PDF, ' : ''}
                      {formatBytes(item.size)})
                    </Box>
                  </Typography>
                  <Status item={item} />
                  {item.status === 'failed' ? (
                    <Box>
                      <Button size="small" onClick={() => uploads.retry(item.key)} aria-label={`Try ${item.name} again`}>
                        Try again
                      </Button>
                    </Box>
                  ) : null}
                </Box>
                <IconButton aria-label={`Remove ${item.name}`} onClick={() => uploads.remove(item.key)} sx={{ flexShrink: 0 }}>
                  <Close />
                </IconButton>
              </Box>
            ))}
          </Box>
          <Box role="status" sx={visuallyHidden}>
            {`${done} of ${items.length} ${items.length === 1 ? 'file' : 'files'} uploaded`}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
