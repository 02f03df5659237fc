import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Add from '@mui/icons-material/Add';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCents, lineCents, type PriceListItem } from '@site/domain';
import type { ReactNode } from 'react';
import { usePriceList, useSaveToPriceList } from '../api/quotes';
import {
  builderSections,
  freshName,
  lineErrors,
  lineItem,
  newLine,
  pickPriceListItem,
  repeatedChoices,
  sectionLines,
  type Block,
  type BuilderSection,
  type QuoteLine,
} from '../lib/quote-lines';

/** What the lines change by: a function of the lines as they are then. */
export type LinesChange = (change: (lines: QuoteLine[]) => QuoteLine[]) => void;

interface QuoteSectionsProps {
  lines: QuoteLine[];
  onChange: LinesChange;
  /** Whether a field was left once (its message shows from then on), and marking it so. */
  touched: ReadonlySet<string>;
  touch: (name: string) => void;
}

const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move it, press Space or Enter on its move button, then the Up and Down arrow keys to move it, and Space or Enter again to drop it where it is, or Escape to put it back.',
};

/** What a screen reader hears while a section, an item or a choice moves: its name and place. */
function moveAnnouncements(names: ReadonlyArray<{ id: string; name: string }>): Announcements {
  const place = (id: UniqueIdentifier) => names.findIndex((entry) => entry.id === id);
  const name = (id: UniqueIdentifier) => names[place(id)]?.name ?? 'It';
  const of = (id: UniqueIdentifier) => `${place(id) + 1} of ${names.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, in place ${of(active.id)}.`,
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? `${name(active.id)} is over place ${of(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped in place ${of(over.id)}.` : `${name(active.id)} dropped; the order is unchanged.`,
    onDragCancel: ({ active }) => `Moving cancelled: ${name(active.id)} is back in place ${of(active.id)}.`,
  };
}

/** One list that moves by drag (mouse, touch) and by keyboard, telling screen readers each move. */
function SortableList({
  label,
  ids,
  names,
  onMove,
  children,
}: {
  /** The list's name ("Sections", "Items of Cabinetry"). */
  label: string;
  ids: string[];
  names: Array<{ id: string; name: string }>;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // On a phone the page scrolls unless a finger rests on the handle a moment first.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: moveAnnouncements(names), screenReaderInstructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack spacing={1.5} component="ol" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {children}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** A card that moves by its handle: `render` gets the handle to place in the card's header. */
function Sortable({ id, label, children }: { id: string; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      size="small"
      sx={{ cursor: 'grab', touchAction: 'none' }}
    >
      <DragIndicator />
    </IconButton>
  );
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{ position: 'relative', zIndex: isDragging ? 2 : 'auto', boxShadow: isDragging ? 6 : 'none', borderRadius: 1 }}
    >
      {children(handle)}
    </Box>
  );
}

const sectionLabel = (section: BuilderSection) => (section.name.trim() ? `section ${section.name.trim()}` : 'the items without a section');
const choiceLabel = (block: Extract<Block, { kind: 'choice' }>) =>
  block.group.trim() ? `choice ${block.group.trim()}` : 'the unnamed choice';

/**
 * The quote's items in their sections: each section holds its items and choices (alternatives
 * the customer picks one of, with the default first), added under it. Sections, items and
 * choices move by drag or keyboard; an item's description offers the price list while typing.
 */
export function QuoteSections({ lines, onChange, touched, touch }: QuoteSectionsProps) {
  const priceList = usePriceList();
  const saveToList = useSaveToPriceList();
  const sections = builderSections(lines);
  const numbers = new Map(lines.map((line, index) => [line.key, index + 1]));
  const repeated = repeatedChoices(lines);

  const change = (next: (sections: BuilderSection[]) => BuilderSection[]) =>
    onChange((current) => sectionLines(next(builderSections(current))));
  const inSection = (id: string, next: (section: BuilderSection) => BuilderSection) =>
    change((current) => current.map((section) => (section.id === id ? next(section) : section)));
  const setLine = (key: number, patch: Partial<QuoteLine>) =>
    onChange((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const removeLine = (key: number) => onChange((current) => (current.length > 1 ? current.filter((line) => line.key !== key) : current));
  const setChoice = (sectionId: string, blockId: string, next: (lines: QuoteLine[]) => QuoteLine[]) =>
    inSection(sectionId, (section) => ({
      ...section,
      blocks: section.blocks.map((block) =>
        block.kind === 'choice' && block.id === blockId ? { ...block, lines: next(block.lines) } : block,
      ),
    }));

  const itemCard = (line: QuoteLine, handle: ReactNode, alternative?: { sectionId: string; blockId: string; isDefault: boolean }) => {
    const n = numbers.get(line.key) ?? 0;
    const errors = lineErrors(line);
    const item = lineItem(line);
    const shown = (name: keyof typeof errors) => (touched.has(`${line.key}.${name}`) ? errors[name] : undefined);
    const field = (name: keyof typeof errors) => ({
      error: Boolean(shown(name)),
      helperText: shown(name),
      onBlur: () => touch(`${line.key}.${name}`),
      size: 'small' as const,
    });
    const pick = (picked: PriceListItem) => onChange((current) => pickPriceListItem(current, line.key, picked));
    return (
      <Stack spacing={1.5} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
          {handle}
          <Typography component="h3" variant="subtitle2" sx={{ flex: '1 1 8rem' }}>
            Item {n}
            {item ? ` · ${formatCents(lineCents(item))} excl. GST` : ''}
          </Typography>
          {alternative ? (
            <FormControlLabel
              sx={{ mr: 0 }}
              control={
                <Radio
                  size="small"
                  checked={alternative.isDefault}
                  onChange={() =>
                    setChoice(alternative.sectionId, alternative.blockId, (choice) => [
                      ...choice.filter((other) => other.key === line.key),
                      ...choice.filter((other) => other.key !== line.key),
                    ])
                  }
                  slotProps={{ input: { 'aria-label': `Item ${n} is the default` } }}
                />
              }
              label="Default"
            />
          ) : null}
          <Button
            size="small"
            startIcon={<BookmarkAddOutlined />}
            disabled={!item || saveToList.isPending}
            aria-label={`Save item ${n} to price list`}
            onClick={() =>
              item &&
              saveToList.mutate({
                description: item.description,
                unitPriceCents: item.unitPriceCents,
                unit: item.unit,
                section: item.section,
              })
            }
          >
            Save to price list
          </Button>
          <IconButton aria-label={`Remove item ${n}`} disabled={lines.length === 1} onClick={() => removeLine(line.key)}>
            <DeleteOutline />
          </IconButton>
        </Stack>
        <Autocomplete
          freeSolo
          options={priceList}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option.description)}
          filterOptions={(options, { inputValue }) => {
            const words = inputValue.trim().toLowerCase().split(/\s+/).filter(Boolean);
            if (!words.length) return [];
            return options
              .filter((option) => words.every((word) => `${option.description} ${option.section ?? ''}`.toLowerCase().includes(word)))
              .slice(0, 20);
          }}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Box sx={{ display: 'flex', width: '100%', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
                <span>
                  {option.description}
                  {option.section ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      · {option.section}
                    </Typography>
                  ) : null}
                </span>
                <Typography component="span" variant="body2">
                  {formatCents(option.unitPriceCents)}
                  {option.unit ? ` / ${option.unit}` : ''}
                </Typography>
              </Box>
            </li>
          )}
          inputValue={line.description}
          value={null}
          onInputChange={(_event, value, reason) => {
            if (reason === 'input' || reason === 'clear') setLine(line.key, { description: value });
          }}
          onChange={(_event, value) => {
            if (value && typeof value !== 'string') pick(value);
          }}
          renderInput={(params) => <TextField {...params} label={`Item ${n} description`} {...field('description')} />}
        />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr) minmax(0, 1fr)',
              md: alternative
                ? 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.5fr)'
                : 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1.5fr) minmax(0, 1.3fr)',
            },
            gap: 1.5,
          }}
        >
          <TextField
            label={`Item ${n} quantity`}
            value={line.quantity}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            onChange={(event) => setLine(line.key, { quantity: event.target.value })}
            {...field('quantity')}
          />
          <TextField
            label={`Item ${n} unit`}
            placeholder="m, each"
            value={line.unit}
            onChange={(event) => setLine(line.key, { unit: event.target.value })}
            {...field('unit')}
          />
          <TextField
            label={`Item ${n} unit price excl. GST ($)`}
            value={line.price}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            onChange={(event) => setLine(line.key, { price: event.target.value })}
            {...field('price')}
          />
          {alternative ? null : (
            <TextField
              select
              size="small"
              label={`Item ${n} counts as`}
              value={line.kind}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              onChange={(event) => setLine(line.key, { kind: event.target.value as 'included' | 'optional' })}
            >
              <MenuItem value="included">Included</MenuItem>
              <MenuItem value="optional">Optional extra</MenuItem>
            </TextField>
          )}
        </Box>
      </Stack>
    );
  };

  const choiceCard = (section: BuilderSection, block: Extract<Block, { kind: 'choice' }>, handle: ReactNode, number: number) => {
    const name = block.group.trim();
    const repeatedName = repeated.has(name.toLowerCase());
    const nameTouched = touched.has(`${block.id}.group`);
    const problem = repeatedName
      ? 'Another choice has this name: give each choice its own'
      : nameTouched
        ? lineErrors(block.lines[0]).group
        : undefined;
    return (
      <Stack
        spacing={1.5}
        component="section"
        aria-label={name ? `Choice ${name}` : `Choice ${number}`}
        sx={{ border: 1, borderColor: 'primary.light', borderRadius: 1, p: 1.5, bgcolor: 'background.paper' }}
      >
        <Stack direction="row" sx={{ alignItems: 'flex-start', columnGap: 1 }}>
          <Box sx={{ pt: 0.5 }}>{handle}</Box>
          <TextField
            label={`Choice ${number} name`}
            placeholder="Benchtop"
            size="small"
            value={block.group}
            error={Boolean(problem)}
            helperText={problem ?? 'The customer picks one alternative; the default is in the price until they do'}
            onBlur={() => touch(`${block.id}.group`)}
            onChange={(event) =>
              setChoice(section.id, block.id, (choice) => choice.map((line) => ({ ...line, group: event.target.value })))
            }
            sx={{ flex: 1 }}
          />
          <IconButton
            aria-label={`Remove choice ${name || number}`}
            disabled={block.lines.length === lines.length}
            onClick={() => {
              const keys = new Set(block.lines.map((line) => line.key));
              onChange((current) => current.filter((line) => !keys.has(line.key)));
            }}
          >
            <DeleteOutline />
          </IconButton>
        </Stack>
        <Stack
          spacing={1.5}
          component="ol"
          aria-label={`Alternatives of ${name || `choice ${number}`}`}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {block.lines.map((line, index) => (
            <Box component="li" key={line.key}>
              {itemCard(line, null, { sectionId: section.id, blockId: block.id, isDefault: index === 0 })}
            </Box>
          ))}
        </Stack>
        <Box>
          <Button
            size="small"
            startIcon={<Add />}
            onClick={() =>
              setChoice(section.id, block.id, (choice) => [
                ...choice,
                newLine({
                  kind: 'option',
                  group: block.group,
                  section: section.name,
                  quantity: choice[0]?.quantity ?? '1',
                  unit: choice[0]?.unit ?? '',
                }),
              ])
            }
          >
            Add alternative
          </Button>
        </Box>
      </Stack>
    );
  };

  // Choices are numbered through the quote, as items are, so each name box has a label of its own.
  const choiceNumbers = new Map(
    sections
      .flatMap((section) => section.blocks)
      .filter((block) => block.kind === 'choice')
      .map((block, index) => [block.id, index + 1]),
  );
  return (
    <Stack spacing={2}>
      <SortableList
        label="Sections"
        ids={sections.map((section) => section.id)}
        names={sections.map((section) => ({
          id: section.id,
          name: sectionLabel(section)
            .replace(/^section /, 'Section ')
            .replace(/^the/, 'The'),
        }))}
        onMove={(from, to) => change((current) => arrayMove(current, from, to))}
      >
        {sections.map((section, sectionIndex) => {
          const title = section.name.trim();
          const blockNames = section.blocks.map((block) => ({
            id: block.id,
            name: block.kind === 'item' ? `Item ${numbers.get(block.line.key)}` : `Choice ${block.group.trim() || ''}`.trim(),
          }));
          return (
            <Sortable key={section.id} id={section.id} label={`Move ${sectionLabel(section)}`}>
              {(handle) => (
                <Paper
                  component="section"
                  variant="outlined"
                  aria-label={title ? `Section ${title}` : 'Items without a section'}
                  sx={{ p: { xs: 1, sm: 2 }, bgcolor: 'grey.50' }}
                >
                  <Stack direction="row" sx={{ alignItems: 'center', columnGap: 1, mb: 1.5 }}>
                    {handle}
                    <Autocomplete
                      freeSolo
                      disableClearable
                      options={[...new Set(priceList.flatMap((item) => (item.section ? [item.section] : [])))].filter(
                        (name) => name !== title && !sections.some((other) => other.name.trim() === name),
                      )}
                      inputValue={section.name}
                      onInputChange={(_event, value) => inSection(section.id, (current) => ({ ...current, name: value }))}
                      sx={{ flex: 1 }}
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          size="small"
                          label={`Section ${sectionIndex + 1} name`}
                          placeholder="Cabinetry, Benchtops"
                          error={section.name.trim().length > 60}
                          helperText={section.name.trim().length > 60 ? 'Section: 1 to 60 characters, such as "Cabinetry"' : undefined}
                        />
                      )}
                    />
                    <IconButton
                      aria-label={`Remove ${sectionLabel(section)}`}
                      disabled={sections.length === 1}
                      onClick={() => change((current) => current.filter((other) => other.id !== section.id))}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Stack>
                  <SortableList
                    label={title ? `Items of ${title}` : 'Items'}
                    ids={section.blocks.map((block) => block.id)}
                    names={blockNames}
                    onMove={(from, to) => inSection(section.id, (current) => ({ ...current, blocks: arrayMove(current.blocks, from, to) }))}
                  >
                    {section.blocks.map((block) => {
                      const label = block.kind === 'item' ? `Move item ${numbers.get(block.line.key)}` : `Move ${choiceLabel(block)}`;
                      const number = choiceNumbers.get(block.id) ?? 0;
                      return (
                        <Sortable key={block.id} id={block.id} label={label}>
                          {(blockHandle) =>
                            block.kind === 'item' ? itemCard(block.line, blockHandle) : choiceCard(section, block, blockHandle, number)
                          }
                        </Sortable>
                      );
                    })}
                  </SortableList>
                  <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<Add />}
                      onClick={() =>
                        inSection(section.id, (current) => ({ ...current, blocks: [...current.blocks, itemBlock(newLine())] }))
                      }
                    >
                      Add item
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<Add />}
                      onClick={() =>
                        inSection(section.id, (current) => {
                          const group = freshName(
                            'Choice',
                            lines.map((line) => line.group),
                          );
                          return {
                            ...current,
                            blocks: [
                              ...current.blocks,
                              choiceBlock(group, [newLine({ kind: 'option', group }), newLine({ kind: 'option', group })]),
                            ],
                          };
                        })
                      }
                    >
                      Add choice
                    </Button>
                  </Stack>
                </Paper>
              )}
            </Sortable>
          );
        })}
      </SortableList>
      <Box>
        <Button
          startIcon={<Add />}
          variant="outlined"
          onClick={() =>
            onChange((current) => [
              ...current,
              newLine({
                section: freshName(
                  'Section',
                  current.map((line) => line.section.trim()),
                ),
              }),
            ])
          }
        >
          Add section
        </Button>
      </Box>
    </Stack>
  );
}

const itemBlock = (line: QuoteLine): Block => ({ kind: 'item', id: `item-${line.key}`, line });
const choiceBlock = (group: string, lines: QuoteLine[]): Block => ({ kind: 'choice', id: `choice-${lines[0].key}`, group, lines });
