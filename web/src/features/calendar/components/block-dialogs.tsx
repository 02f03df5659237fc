import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { bookingBlockInputSchema, type BookingBlock, type BookingBlockInput } from '@site/domain';
import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { DialogHeading } from '#web/components/dialog-heading.tsx';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { formatDate, formatTime } from '#web/lib/dates.ts';
import { errorText } from '#web/lib/error-text.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useCreateBlock, useDeleteBlock } from '../api/booking-blocks';
import { melbourneInstant } from '../lib/melbourne-time';

/** The block's form: Melbourne days and wall-clock times, turned into the instants the API takes and checked by its schema. */
const blockFormFields = z.object({
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  label: z.string(),
});
type BlockForm = z.input<typeof blockFormFields>;

/** Where the API schema's fields show on this form. */
const formFieldOf: Record<keyof BookingBlockInput, Path<BlockForm>> = { start: 'startTime', end: 'endTime', label: 'label' };

const blockFormSchema = blockFormFields.transform((form, ctx): BookingBlockInput => {
  const parsed = bookingBlockInputSchema.safeParse({
    start: melbourneInstant(form.startDate, form.startTime),
    end: melbourneInstant(form.endDate, form.endTime),
    label: form.label,
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const field = formFieldOf[issue.path[0] as keyof BookingBlockInput] ?? 'endTime';
    ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
  }
  return z.NEVER;
});

const shrink = { inputLabel: { shrink: true } };

/** "Block time": a start and an end in Melbourne time, and a label such as "Leave". Refused when a visit is booked in it. */
export function BlockDialog({ open, day, onClose }: { open: boolean; day: string; onClose: () => void }) {
  const titleId = useId();
  const create = useCreateBlock();
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<BlockForm, unknown, BookingBlockInput>({
    resolver: zodResolver(blockFormSchema),
    values: { startDate: day, startTime: '09:00', endDate: day, endTime: '17:00', label: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) => {
    setProblem(null);
    create.mutate(input, {
      onSuccess: (block) => {
        toast({ title: 'Time blocked', message: `${block.label}: no visits can be booked then.`, variant: 'default' });
        onClose();
      },
      onError: (error) => {
        const fields = error instanceof ApiRequestError && error.status === 400 ? Object.entries(error.body?.errors ?? {}) : [];
        for (const [name, message] of fields) {
          const field = formFieldOf[name as keyof BookingBlockInput];
          if (field) form.setError(field, { type: 'server', message });
        }
        setProblem(error instanceof ApiRequestError && error.body?.message ? error.body.message : errorText(error));
      },
    });
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{
        transition: {
          onExited: () => {
            form.reset();
            setProblem(null);
          },
        },
      }}
    >
      <DialogHeading titleId={titleId} title="Block time" onClose={onClose} />
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent sx={{ pt: 1 }}>
          <DialogContentText sx={{ mb: 2 }}>No visits can be booked in blocked time. Times are Melbourne time.</DialogContentText>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField type="date" label="From day" slotProps={shrink} {...form.register('startDate')} />
            <TextField
              type="time"
              label="From time"
              slotProps={{ ...shrink, htmlInput: { step: 900 } }}
              error={Boolean(errors.startTime)}
              helperText={errors.startTime?.message}
              {...form.register('startTime')}
            />
            <TextField type="date" label="Until day" slotProps={shrink} {...form.register('endDate')} />
            <TextField
              type="time"
              label="Until time"
              slotProps={{ ...shrink, htmlInput: { step: 900 } }}
              error={Boolean(errors.endTime)}
              helperText={errors.endTime?.message}
              {...form.register('endTime')}
            />
            <TextField
              label="Label"
              placeholder="Leave"
              sx={{ gridColumn: '1 / -1' }}
              error={Boolean(errors.label)}
              helperText={errors.label?.message}
              slotProps={{ htmlInput: { autoComplete: 'off' } }}
              {...form.register('label')}
            />
          </Box>
          {problem ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Blocking...' : 'Block the time'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** "Leave, 1 December 2026 9:00 am to 5:00 pm": when a block is, with both days when it spans several. */
export function blockWhen(block: BookingBlock): string {
  const [firstDay, lastDay] = [formatDate(block.start), formatDate(block.end)];
  return firstDay === lastDay
    ? `${firstDay}, ${formatTime(block.start)} to ${formatTime(block.end)}`
    : `${firstDay} ${formatTime(block.start)} to ${lastDay} ${formatTime(block.end)}`;
}

/** A blocked time's details, and removing it (with the confirmation every deletion asks for). */
export function BlockDetailsDialog({ open, block, onClose }: { open: boolean; block: BookingBlock | null; onClose: () => void }) {
  const titleId = useId();
  const remove = useDeleteBlock();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  if (!block) return dialog;
  const onRemove = () =>
    confirm({
      title: `Remove the blocked time "${block.label}"?`,
      question: `${blockWhen(block)} can then be booked by customers again.`,
      confirmLabel: 'Remove',
      onConfirm: () =>
        remove.mutate(block.id, {
          onSuccess: () => {
            toast({ title: 'Block removed', message: `${block.label} is no longer blocked.`, variant: 'default' });
            onClose();
          },
          onError: (error) => toast({ title: 'Not removed', message: errorText(error), variant: 'error' }),
        }),
    });
  return (
    <>
      <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
        <DialogHeading titleId={titleId} title={`Blocked: ${block.label}`} onClose={onClose} />
        <DialogContent sx={{ pt: 1 }}>
          <DialogContentText>{blockWhen(block)} (Melbourne time). No visits can be booked then.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="error" onClick={onRemove} disabled={remove.isPending}>
            Remove the block
          </Button>
        </DialogActions>
      </Dialog>
      {dialog}
    </>
  );
}
