import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';

/**
 * The Edit and Delete buttons at the end of an admin list's row (3D models, projects), named
 * after the row's item for screen readers ("Edit Galley kitchen"). Under 600 px they take a row
 * of their own below the item.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleting,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifySelf: 'end', gridRow: { xs: 2, sm: 'auto' } }}>
      <Tooltip title="Edit">
        <IconButton aria-label={`Edit ${name}`} onClick={onEdit}>
          <EditOutlined />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        {/* A disabled button fires no events; the span keeps the tooltip working. */}
        <span>
          <IconButton aria-label={`Delete ${name}`} color="error" disabled={deleting} onClick={onDelete}>
            <DeleteOutline />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
