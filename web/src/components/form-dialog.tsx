import Dialog from '@mui/material/Dialog';
import { useTheme } from '@mui/material/styles';
import type { ReactNode, Ref } from 'react';
import { DialogHeading } from './dialog-heading';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  /** Once the closing animation has ended: the form empties itself. */
  onClosed?: () => void;
  /** Then, the opener's own. */
  onExited?: () => void;
  maxWidth: 'sm' | 'md';
  /** Ids for the dialog's aria-labelledby and aria-describedby. */
  titleId: string;
  subtitleId?: string;
  title: string;
  subtitle?: string;
  /** Above the title, e.g. the wizard's progress dots. */
  before?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Appears without fading in (it replaces something already on screen); closes as usual. */
  instant?: boolean;
  /** The dialog's content and actions. */
  children: ReactNode;
}

const paperSx = { maxHeight: '90vh', m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: undefined } };

/** A public form's dialog: its heading and close button, its content scrolling within the screen. */
export function FormDialog({ open, onClose, onClosed, onExited, maxWidth, instant, children, ...heading }: FormDialogProps) {
  const theme = useTheme();
  const exited =
    onClosed || onExited
      ? () => {
          onClosed?.();
          onExited?.();
        }
      : undefined;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      scroll="paper"
      aria-labelledby={heading.titleId}
      aria-describedby={heading.subtitleId}
      {...(instant ? { transitionDuration: { enter: 0, exit: theme.transitions.duration.leavingScreen } } : {})}
      slotProps={{ paper: { sx: paperSx }, ...(exited ? { transition: { onExited: exited } } : {}) }}
    >
      <DialogHeading {...heading} onClose={onClose} />
      {children}
    </Dialog>
  );
}
