import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

interface DialogHeadingProps {
  /** Ids for the dialog's aria-labelledby and aria-describedby. */
  titleId: string;
  subtitleId?: string;
  title: string;
  subtitle?: string;
  onClose: () => void;
  /** Above the title, e.g. the wizard's progress dots. */
  before?: ReactNode;
  /** Lets a dialog move focus to its heading when its content changes. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The title, subtitle and close button every dialog of the site shares. */
export function DialogHeading({ titleId, subtitleId, title, subtitle, onClose, before, headingRef }: DialogHeadingProps) {
  return (
    <Box sx={{ position: 'relative', px: 3, pt: 3, pb: 1, pr: 7 }}>
      {before}
      <DialogTitle
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        sx={{ p: 0, fontSize: { xs: '1.5rem', sm: '1.75rem' }, fontWeight: 700, outline: 'none' }}
      >
        {title}
      </DialogTitle>
      {subtitle ? (
        <Typography id={subtitleId} color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      ) : null}
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
}
