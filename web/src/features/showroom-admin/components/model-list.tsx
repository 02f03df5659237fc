import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ViewInArOutlined from '@mui/icons-material/ViewInArOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatBytes, type Model3d } from '@site/domain';
import { useState } from 'react';
import { useConfirm } from '../../../components/use-confirm';
import { swapped, useAdminModels, useDeleteModel, useReorderModels } from '../api/models';
import { RowActions } from '../../../components/admin/row-actions';

/** Where the model's optimisation stands; the list is live, so it changes by itself. */
export const processingText = (model: Pick<Model3d, 'processing' | 'processingError'>) =>
  model.processing === 'pending'
    ? 'Optimising…'
    : model.processing === 'done'
      ? 'Optimised'
      : `Not optimised: ${model.processingError ?? 'the optimisation failed'}`;

const processingColour = { pending: 'text.secondary', done: 'success.dark', failed: 'error.main' } as const;

/** The optimisation's state and figures, and the file as uploaded. */
function ModelFacts({ model }: { model: Model3d }) {
  const { stats } = model;
  return (
    <Box sx={{ mt: 0.5, fontSize: '0.85rem' }}>
      <Typography role="status" sx={{ fontSize: 'inherit', fontWeight: 600, color: processingColour[model.processing] }}>
        {processingText(model)}
      </Typography>
      {stats ? (
        <Typography sx={{ fontSize: 'inherit', overflowWrap: 'anywhere' }}>
          {stats.optimizedBytes === stats.originalBytes
            ? formatBytes(stats.originalBytes)
            : `${formatBytes(stats.originalBytes)} → ${formatBytes(stats.optimizedBytes)}`}{' '}
          · {stats.triangles.toLocaleString('en-AU')} triangles ·{' '}
          {stats.maxTextureSize > 0 ? `largest texture ${stats.maxTextureSize} px` : 'no textures'}
        </Typography>
      ) : null}
      <Link href={model.originalUrl} download sx={{ fontSize: 'inherit' }} aria-label={`Download original of ${model.name}`}>
        Download original
      </Link>
    </Box>
  );
}

function Thumbnail({ model }: { model: Model3d }) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      sx={{
        width: 96,
        height: 72,
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: '#ece7df',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {model.thumbnailUrl && !failed ? (
        <Box
          component="img"
          src={model.thumbnailUrl}
          alt={`Thumbnail of ${model.name}`}
          width={96}
          height={72}
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <ViewInArOutlined color="action" aria-label="No thumbnail" />
      )}
    </Box>
  );
}

interface ModelListProps {
  editingId: string | null;
  onEdit: (model: Model3d) => void;
  /** The model being edited was deleted. */
  onDeleted: (id: string) => void;
}

/** '3D Models (count)': the models in display order, to move, edit and delete. */
export function ModelList({ editingId, onEdit, onDeleted }: ModelListProps) {
  const list = useAdminModels();
  const reorder = useReorderModels();
  const remove = useDeleteModel();
  const models = list.data?.items ?? [];

  const move = (index: number, direction: -1 | 1) => reorder.mutate(swapped(models, index, direction));
  const { confirm, dialog } = useConfirm();
  const onDelete = (model: Model3d) =>
    confirm({
      title: `Delete ${model.name}?`,
      question: 'Are you sure you want to delete this 3D model?',
      onConfirm: () => remove.mutate(model.id, { onSuccess: () => onDeleted(model.id) }),
    });

  return (
    <Paper component="section" aria-labelledby="model-list-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="model-list-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        3D Models ({list.data ? (list.data.total ?? models.length) : 0})
      </Typography>
      {list.isPending ? (
        <Typography role="status">Loading models...</Typography>
      ) : list.isError ? (
        <Box role="alert">
          <Typography sx={{ mb: 1 }}>The models could not be loaded.</Typography>
          <Button variant="outlined" size="small" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Box>
      ) : models.length === 0 ? (
        <Typography color="text.secondary">No 3D models added yet. Add your first model above!</Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="3D models in showroom order">
          {models.map((model, index) => (
            <Box
              component="li"
              key={model.id}
              aria-label={model.name}
              sx={{
                // On a phone: the thumbnail beside the name and description, the buttons on a row beneath.
                display: 'grid',
                gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto auto 1fr auto' },
                alignItems: 'center',
                gap: { xs: 1, sm: 2 },
                p: 1.5,
                border: 1,
                borderColor: model.id === editingId ? 'primary.main' : 'divider',
                borderRadius: 1,
              }}
            >
              <Stack direction={{ xs: 'row', sm: 'column' }} sx={{ gridRow: { xs: 2, sm: 'auto' } }}>
                <Tooltip title="Move up">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move ${model.name} up`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Move down">
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Move ${model.name} down`}
                      disabled={index === models.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownward fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </Stack>
              <Box sx={{ gridRow: { xs: 1, sm: 'auto' } }}>
                <Thumbnail model={model} />
              </Box>
              <Box sx={{ minWidth: 0, gridRow: { xs: 1, sm: 'auto' } }}>
                <Typography component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {model.name}
                </Typography>
                <Typography
                  color="text.secondary"
                  sx={{
                    fontSize: '0.9rem',
                    overflowWrap: 'anywhere',
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {model.description}
                </Typography>
                <Typography sx={{ fontSize: '0.85rem', mt: 0.5 }}>
                  Exposure: {model.exposure.toFixed(1)} · Shadow: {model.shadowIntensity.toFixed(1)}
                </Typography>
                <ModelFacts model={model} />
              </Box>
              <RowActions
                name={model.name}
                onEdit={() => onEdit(model)}
                onDelete={() => onDelete(model)}
                deleting={remove.isPending && remove.variables === model.id}
              />
            </Box>
          ))}
        </Stack>
      )}
      {dialog}
    </Paper>
  );
}
