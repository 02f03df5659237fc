import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sensitiveSettingsReason } from '@site/domain/settings-schema';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useLeaveGuard } from '#web/components/leave-guard.tsx';
import { PasswordConfirmDialog } from '#web/components/password-confirm-dialog.tsx';
import type { PasswordPrompt, SaveProblem } from '../hooks/use-section-save';

/**
 * One section of the Settings tab: a region named by its heading, holding its own form and
 * Save button, so a save sends that section alone. Why the last save failed sits above the
 * button, announced as it appears (an Alert is role="alert"). A section holding bank details,
 * the site address or the staff recipients asks for the current password in a dialog before
 * such a change is sent (`password`). While its form differs from what was saved, "Unsaved
 * changes" stands beside the heading.
 */
export function SectionForm({
  title,
  anchor,
  description,
  onSubmit,
  saving,
  problem,
  onReload,
  password,
  children,
}: {
  title: string;
  /**
   * The section's id, which the go-live card's links point to (`/admin?tab=settings#settings-business`)
   * and the unsaved-changes guard knows it by (`sectionAnchor`).
   */
  anchor: string;
  description?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  problem: SaveProblem | null;
  onReload: () => void;
  password?: PasswordPrompt;
  children: ReactNode;
}) {
  const headingId = useId();
  const unsaved = useLeaveGuard()?.isUnsaved(anchor) ?? false;
  return (
    <Paper
      component="section"
      id={anchor}
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: 16, borderColor: unsaved ? 'warning.main' : undefined }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography id={headingId} component="h3" variant="h6">
          {title}
        </Typography>
        {unsaved ? <Chip label="Unsaved changes" color="warning" size="small" variant="outlined" /> : null}
      </Stack>
      {description ? (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      ) : null}
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ mt: 2 }}>
        {children}
        {problem ? (
          // The reload button sits under the message, not beside it, so a phone's narrow alert keeps the sentence readable.
          <Alert severity="error">
            {problem.message}
            {problem.kind === 'conflict' ? (
              <Box sx={{ mt: 1 }}>
                <Button color="inherit" variant="outlined" size="small" onClick={onReload}>
                  Reload settings
                </Button>
              </Box>
            ) : null}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? 'Saving...' : `Save ${title.toLowerCase()}`}
          </Button>
        </Box>
      </Stack>
      {password ? (
        <PasswordConfirmDialog
          open={password.open}
          title={`Save ${title.toLowerCase()}`}
          text={sensitiveSettingsReason}
          confirmLabel="Save"
          onConfirm={password.confirm}
          onClose={password.cancel}
        />
      ) : null}
    </Paper>
  );
}
