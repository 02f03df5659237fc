import { zodResolver } from '@hookform/resolvers/zod';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  priceListEntrySchema,
  priceListLimits,
  priceListMessages,
  quoteLimits,
  type PriceListEntry,
  type SiteSettings,
} from '@site/domain';
import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { centsToDollars, dollarsToCents } from '#web/lib/money.ts';
import { sectionTitles, useSectionSave } from '../hooks/use-section-save';
import { SectionForm } from './section-form';

const priceMessage = 'Unit price: dollars and cents from 0, excluding GST';

/** The form's rows, prices in dollars as typed, each field checked by the price list's own rules; what it saves is the list, prices in cents. */
const schema = z
  .object({
    items: z
      .array(
        z.object({
          id: z.string(),
          description: priceListEntrySchema.shape.description,
          unit: priceListEntrySchema.shape.unit,
          price: z.string().refine((price) => {
            const cents = dollarsToCents(price);
            return cents !== null && cents <= quoteLimits.unitPriceCents;
          }, priceMessage),
          section: priceListEntrySchema.shape.section,
        }),
      )
      .max(priceListLimits.items, priceListMessages.tooMany),
  })
  .transform(({ items }): Array<PriceListEntry & { id: string }> =>
    items.map(({ price, ...item }) => ({ ...item, unitPriceCents: dollarsToCents(price) ?? 0 })),
  );
type PriceListForm = z.input<typeof schema>;

const newId = () => crypto.randomUUID();

/**
 * The price list: items staff quote again and again, each with its unit, unit price excluding
 * GST and the quote section it goes in. The quote builder offers them while an item's
 * description is typed; an item of a quote can be saved here from the builder too.
 */
export function PriceListSection({ priceList, version }: { priceList: SiteSettings['priceList']; version: number }) {
  const values = useMemo<PriceListForm>(
    () => ({
      items: priceList.map((item) => ({
        id: item.id,
        description: item.description,
        unit: item.unit ?? '',
        price: centsToDollars(item.unitPriceCents),
        section: item.section ?? '',
      })),
    }),
    [priceList],
  );
  const form = useForm({ resolver: zodResolver(schema), values });
  const rows = useFieldArray({ control: form.control, name: 'items', keyName: 'key' });
  const { submit, saving, problem, reload } = useSectionSave('priceList', version, form);
  const errors = form.formState.errors.items;
  return (
    <SectionForm
      title={sectionTitles.priceList}
      anchor="settings-price-list"
      description={`Items you quote often (at most ${priceListLimits.items}), offered while you type an item's description in a quote. Prices exclude GST.`}
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
    >
      {rows.fields.length === 0 ? (
        <Typography color="text.secondary">No items yet: add one here, or save one from a quote with "Save to price list".</Typography>
      ) : null}
      <Box component="ol" aria-label="Price list items" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {rows.fields.map((row, index) => {
          const n = index + 1;
          const rowErrors = errors?.[index];
          return (
            <Box
              component="li"
              key={row.key}
              sx={{
                display: 'grid',
                gap: 1.5,
                alignItems: 'start',
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr) minmax(0, 1fr)',
                  md: 'minmax(0, 3fr) minmax(0, 1fr) minmax(0, 1.6fr) minmax(0, 1.6fr) auto',
                },
              }}
            >
              <TextField
                size="small"
                label={`Price list item ${n} description`}
                {...form.register(`items.${index}.description`)}
                error={Boolean(rowErrors?.description)}
                helperText={rowErrors?.description?.message}
                sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              />
              <TextField
                size="small"
                label={`Item ${n} unit`}
                placeholder="m, each"
                {...form.register(`items.${index}.unit`)}
                error={Boolean(rowErrors?.unit)}
                helperText={rowErrors?.unit?.message}
              />
              <TextField
                size="small"
                label={`Item ${n} unit price excl. GST ($)`}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                {...form.register(`items.${index}.price`)}
                error={Boolean(rowErrors?.price)}
                helperText={rowErrors?.price?.message}
              />
              <TextField
                size="small"
                label={`Item ${n} section`}
                placeholder="Benchtops"
                {...form.register(`items.${index}.section`)}
                error={Boolean(rowErrors?.section)}
                helperText={rowErrors?.section?.message}
              />
              <IconButton aria-label={`Remove price list item ${n}`} onClick={() => rows.remove(index)}>
                <DeleteOutline />
              </IconButton>
            </Box>
          );
        })}
      </Box>
      <Box>
        <Button
          startIcon={<Add />}
          variant="outlined"
          disabled={rows.fields.length >= priceListLimits.items}
          onClick={() => rows.append({ id: newId(), description: '', unit: '', price: '', section: '' })}
        >
          Add to price list
        </Button>
      </Box>
    </SectionForm>
  );
}
