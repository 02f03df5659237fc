import ViewInArOutlined from '@mui/icons-material/ViewInArOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatBytes, type Model3d } from '@site/domain';
import { useState } from 'react';
import { swapped, useAdminModels, useDeleteModel, useReorderModels } from '../api/models';
import { ReorderableList } from '#web/components/admin/reorderable-list.tsx';
import { FramePicture, PictureFrame } from '#web/components/picture-frame.tsx';

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
    <PictureFrame width={96} height={72}>
      {model.thumbnailUrl && !failed ? (
        <FramePicture
          src={model.thumbnailUrl}
          alt={`Thumbnail of ${model.name}`}
          width={96}
          height={72}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <ViewInArOutlined color="action" aria-label="No thumbnail" />
      )}
    </PictureFrame>
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
  return (
    <ReorderableList
      headingId="model-list-title"
      heading="3D Models"
      count={list.data ? (list.data.total ?? models.length) : 0}
      noun="models"
      query={list}
      items={models}
      emptyText="No 3D models added yet. Add your first model above!"
      label="3D models in showroom order"
      name={(model) => model.name}
      editingId={editingId}
      reordering={reorder.isPending}
      onMove={(index, direction) => reorder.mutate(swapped(models, index, direction))}
      picture={(model) => <Thumbnail model={model} />}
      details={(model) => (
        <>
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
        </>
      )}
      onEdit={onEdit}
      deleteQuestion="Are you sure you want to delete this 3D model?"
      onDelete={(model) => remove.mutate(model.id, { onSuccess: () => onDeleted(model.id) })}
      deletingId={remove.isPending ? remove.variables : undefined}
    />
  );
}
