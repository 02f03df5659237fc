import CheckCircle from '@mui/icons-material/CheckCircle';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UploadKind } from '@site/domain';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useToast } from '#web/lib/toast.tsx';
import { UploadCancelled, uploadFile } from '#web/lib/uploads/upload-file.ts';
import { checkFile, formatBytes, uploadRules } from '#web/lib/uploads/file-checks.ts';

type Phase =
  | { name: 'idle' }
  | { name: 'checking' }
  | { name: 'selected'; file: File }
  | { name: 'uploading'; file: File; percent: number; controller: AbortController };

interface FileUploadFieldProps {
  kind: UploadKind;
  /** The field's heading, e.g. 'GLB Model File'. */
  label: string;
  /** The button that picks a file: 'Upload GLB' or 'Upload Image'. */
  buttonText: string;
  /** The stored location (modelUrl or thumbnailUrl); '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  /** Tells the form an upload is under way, so it is not saved half-done. */
  onBusyChange?: (busy: boolean) => void;
  /** The form's message for this field. */
  error?: string;
}

const successMessage: Record<UploadKind, string> = {
  model: 'GLB model uploaded successfully',
  thumbnail: 'Thumbnail uploaded successfully',
  photo: 'Photo uploaded successfully',
  document: 'Document uploaded successfully',
};

/**
 * One file is picked and checked, its name and size shown, and it
 * uploads only when the admin confirms, with a progress bar and a way to cancel; the stored
 * location then goes into the form and the 'Uploaded' tick appears.
 */
export function FileUploadField({ kind, label, buttonText, value, onChange, onBusyChange, error }: FileUploadFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [message, setMessage] = useState<string | null>(null);
  const [uploadedName, setUploadedName] = useState<string | null>(null);

  const busy = phase.name !== 'idle';
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  // Leaving the page mid-upload stops it.
  const controller = phase.name === 'uploading' ? phase.controller : null;
  useEffect(() => () => controller?.abort(), [controller]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    setMessage(null);
    setPhase({ name: 'checking' });
    const problem = await checkFile(kind, file);
    if (problem) {
      setMessage(problem);
      setPhase({ name: 'idle' });
      return;
    }
    setPhase({ name: 'selected', file });
  };

  const start = async (file: File) => {
    const abort = new AbortController();
    setPhase({ name: 'uploading', file, percent: 0, controller: abort });
    try {
      const url = await uploadFile(kind, file, {
        signal: abort.signal,
        onProgress: (fraction) =>
          setPhase((current) =>
            current.name === 'uploading' && current.controller === abort ? { ...current, percent: Math.round(fraction * 100) } : current,
          ),
      });
      setUploadedName(file.name);
      onChange(url);
      toast({ title: 'Success', message: successMessage[kind], variant: 'default' });
    } catch (failure) {
      if (failure instanceof UploadCancelled) setMessage('Upload cancelled.');
      else setMessage(failure instanceof Error ? failure.message : 'The upload failed.');
    } finally {
      setPhase({ name: 'idle' });
    }
  };

  const shown = message ?? error;
  return (
    <Box role="group" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <input
        ref={input}
        type="file"
        name={`${kind}-file`}
        accept={uploadRules[kind].accept}
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => void choose(event)}
      />

      {phase.name === 'selected' ? (
        <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            <strong>{phase.file.name}</strong> ({formatBytes(phase.file.size)})
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button variant="contained" size="small" onClick={() => void start(phase.file)}>
              Confirm upload
            </Button>
            <Button size="small" onClick={() => setPhase({ name: 'idle' })}>
              Cancel
            </Button>
          </Stack>
        </Box>
      ) : phase.name === 'uploading' ? (
        <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography sx={{ overflowWrap: 'anywhere', mb: 1 }}>
            Uploading <strong>{phase.file.name}</strong> ({formatBytes(phase.file.size)})
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={phase.percent}
              aria-label={`Uploading ${phase.file.name}`}
              sx={{ flex: 1, height: 8, borderRadius: 4 }}
            />
            <Typography sx={{ minWidth: 44, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
              {phase.percent}%
            </Typography>
            <Button size="small" onClick={() => phase.controller.abort()}>
              Cancel upload
            </Button>
          </Stack>
        </Box>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" startIcon={<UploadFile />} disabled={phase.name === 'checking'} onClick={() => input.current?.click()}>
            {buttonText}
          </Button>
          {value && (
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
              <CheckCircle fontSize="small" aria-hidden sx={{ color: 'success.dark' }} />
              <Typography component="span" sx={{ color: 'success.dark', fontWeight: 600 }}>
                Uploaded
              </Typography>
              {uploadedName && (
                <Typography component="span" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  ({uploadedName})
                </Typography>
              )}
            </Box>
          )}
        </Stack>
      )}

      {shown && (
        <Typography role="alert" sx={{ color: 'error.main', mt: 1, fontSize: '0.9rem' }}>
          {shown}
        </Typography>
      )}
    </Box>
  );
}
