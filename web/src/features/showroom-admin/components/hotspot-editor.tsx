import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import OpenWithOutlined from '@mui/icons-material/OpenWithOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ModelViewerElement } from '@google/model-viewer';
import { hotspotMessages, limits, type Hotspot } from '@site/domain';
import { useEffect, useRef, useState } from 'react';
import { ModelViewer3d } from '#web/components/viewer-3d.tsx';

/** A pointer that moved further than this between press and release was turning the model, not choosing a point. */
const dragPixels = 6;

/** Metres to a millimetre: enough for a label, and short in the stored model. */
const millimetres = (value: number) => Math.round(value * 1000) / 1000;

const newId = () => `h${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** What the next click on the model does: add a hotspot, move one (by id), or nothing. */
type Placing = { kind: 'add' } | { kind: 'move'; id: string } | null;

export interface HotspotErrors {
  /** About the list as a whole, e.g. too many. */
  list?: string;
  /** By index, the label's message. */
  labels: (string | undefined)[];
}

interface HotspotEditorProps {
  modelUrl: string;
  name: string;
  exposure: number;
  shadowIntensity: number;
  hotspots: Hotspot[];
  onChange: (hotspots: Hotspot[]) => void;
  errors: HotspotErrors;
  /** The viewer once its model has loaded (null before and after), e.g. to take the thumbnail from it. */
  onViewer: (viewer: ModelViewerElement | null) => void;
  /** Takes what the form focuses when a hotspot is refused: the first label that needs typing. */
  focusRef?: (handle: { focus: () => void } | null) => void;
}

/**
 * The model as the showroom will show it, where the admin places hotspots: "Add hotspot", then
 * a click on the model puts one there and its label field takes the focus; "Move" then a
 * click moves one; each can be deleted. At most `limits.hotspotsMax`.
 */
export function HotspotEditor({
  modelUrl,
  name,
  exposure,
  shadowIntensity,
  hotspots,
  onChange,
  errors,
  onViewer,
  focusRef,
}: HotspotEditorProps) {
  const [viewer, setViewer] = useState<ModelViewerElement | null>(null);
  const [placing, setPlacing] = useState<Placing>(null);
  const [missed, setMissed] = useState(false);
  // The hotspot whose label is typed next, focused once it is in the list.
  const focusNext = useRef<string | null>(null);
  const labelInputs = useRef(new Map<string, HTMLInputElement>());
  const full = hotspots.length >= limits.hotspotsMax;

  // The listeners are attached once per viewer; they read the latest state through this ref.
  const latest = useRef({ placing, hotspots, onChange });
  useEffect(() => {
    latest.current = { placing, hotspots, onChange };
  }, [placing, hotspots, onChange]);

  useEffect(() => {
    if (!viewer) return;
    let pressedAt: { x: number; y: number } | null = null;
    const onPointerDown = (event: PointerEvent) => {
      pressedAt = { x: event.clientX, y: event.clientY };
    };
    const onClick = (event: MouseEvent) => {
      const { placing: now, hotspots: spots, onChange: change } = latest.current;
      // Clicks on the hotspots' own buttons, and drags that turned the model, place nothing.
      if (!now || event.target !== viewer) return;
      if (pressedAt && Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) > dragPixels) return;
      const hit = viewer.positionAndNormalFromPoint(event.clientX, event.clientY);
      if (!hit) {
        setMissed(true);
        return;
      }
      setMissed(false);
      const position = [hit.position.x, hit.position.y, hit.position.z].map(millimetres);
      const normal = [hit.normal.x, hit.normal.y, hit.normal.z].map(millimetres);
      if (now.kind === 'move') {
        change(spots.map((spot) => (spot.id === now.id ? { ...spot, position, normal } : spot)));
      } else if (spots.length < limits.hotspotsMax) {
        const id = newId();
        change([...spots, { id, label: '', position, normal }]);
        focusNext.current = id;
      }
      setPlacing(null);
    };
    viewer.addEventListener('pointerdown', onPointerDown);
    viewer.addEventListener('click', onClick);
    return () => {
      viewer.removeEventListener('pointerdown', onPointerDown);
      viewer.removeEventListener('click', onClick);
    };
  }, [viewer]);

  useEffect(() => {
    const id = focusNext.current;
    const input = id ? labelInputs.current.get(id) : undefined;
    if (!input) return;
    focusNext.current = null;
    input.focus();
  }, [hotspots]);

  useEffect(() => {
    focusRef?.({
      focus: () => {
        const { hotspots: spots } = latest.current;
        const first = spots.find((spot) => spot.label.trim() === '') ?? spots[0];
        if (first) labelInputs.current.get(first.id)?.focus();
      },
    });
  }, [focusRef]);

  const loaded = (element: ModelViewerElement | null) => {
    setViewer(element);
    onViewer(element);
  };

  const moving = placing?.kind === 'move' ? hotspots.find((spot) => spot.id === placing.id) : undefined;
  const instruction = missed
    ? 'That point is not on the model: please click on the model itself.'
    : placing?.kind === 'add'
      ? 'Click the model where the hotspot goes.'
      : moving
        ? `Click the model where “${moving.label || 'this hotspot'}” should go.`
        : null;

  const labelOf = (spot: Hotspot, index: number) => spot.label.trim() || `hotspot ${index + 1}`;

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, px: 0.5 }}>
        Preview and hotspots ({hotspots.length} of {limits.hotspotsMax})
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: '0.9rem', mb: 1 }}>
        Hotspots are labelled points the showroom shows on the model.
      </Typography>
      <Box sx={{ aspectRatio: '4 / 3', maxWidth: 520, cursor: placing ? 'crosshair' : undefined }}>
        <ModelViewer3d
          key={modelUrl}
          src={modelUrl}
          alt={`Preview of ${name.trim() || 'the uploaded model'}`}
          exposure={exposure}
          shadowIntensity={shadowIntensity}
          autoRotate={false}
          ar={false}
          hotspots={hotspots}
          selectedHotspotId={placing?.kind === 'move' ? placing.id : null}
          onHotspotClick={(spot) => setPlacing({ kind: 'move', id: spot.id })}
          onLoaded={loaded}
          // The model was just uploaded: have it ready by the time the admin scrolls to it,
          // whatever the height of the form above.
          eager
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<AddLocationAltOutlined />}
          aria-pressed={placing?.kind === 'add'}
          disabled={!viewer || full}
          onClick={() => {
            setMissed(false);
            setPlacing(placing?.kind === 'add' ? null : { kind: 'add' });
          }}
        >
          Add hotspot
        </Button>
        {placing ? (
          <Button
            onClick={() => {
              setPlacing(null);
              setMissed(false);
            }}
          >
            Stop placing
          </Button>
        ) : null}
      </Stack>
      <Typography role="status" sx={{ fontSize: '0.9rem', mt: 0.5, minHeight: '1.4em' }}>
        {instruction ?? (full ? hotspotMessages.tooMany : '')}
      </Typography>
      {errors.list ? (
        <Typography role="alert" sx={{ color: 'error.main', fontSize: '0.9rem' }}>
          {errors.list}
        </Typography>
      ) : null}
      {hotspots.length > 0 ? (
        <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} aria-label="Hotspots">
          {hotspots.map((spot, index) => {
            const isMoving = placing?.kind === 'move' && placing.id === spot.id;
            return (
              <Box component="li" key={spot.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <TextField
                  label={`Hotspot ${index + 1} label`}
                  size="small"
                  fullWidth
                  required
                  value={spot.label}
                  onChange={(event) =>
                    onChange(hotspots.map((other) => (other.id === spot.id ? { ...other, label: event.target.value } : other)))
                  }
                  inputRef={(input: HTMLInputElement | null) => {
                    if (input) labelInputs.current.set(spot.id, input);
                    else labelInputs.current.delete(spot.id);
                  }}
                  error={Boolean(errors.labels[index])}
                  helperText={errors.labels[index]}
                  slotProps={{ htmlInput: { maxLength: limits.hotspotLabelMaxLength } }}
                />
                <Tooltip title="Move: then click the model">
                  <span>
                    <IconButton
                      aria-label={`Move ${labelOf(spot, index)}`}
                      aria-pressed={isMoving}
                      color={isMoving ? 'primary' : 'default'}
                      disabled={!viewer}
                      onClick={() => {
                        setMissed(false);
                        setPlacing(isMoving ? null : { kind: 'move', id: spot.id });
                      }}
                    >
                      <OpenWithOutlined />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title="Delete">
                  <IconButton
                    aria-label={`Delete ${labelOf(spot, index)}`}
                    color="error"
                    onClick={() => {
                      if (isMoving) setPlacing(null);
                      onChange(hotspots.filter((other) => other.id !== spot.id));
                    }}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </Box>
            );
          })}
        </Stack>
      ) : null}
    </Box>
  );
}
