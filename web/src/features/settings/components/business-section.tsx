import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { australianStates, type SiteSettings } from '@site/domain';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { useMemo, type HTMLInputTypeAttribute } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave } from '../hooks/use-section-save';
import { SectionForm } from './section-form';

const schema = settingsSectionSchemas.business;
type BusinessForm = z.input<typeof schema>;

/** The saved details as the form holds them: the optional ones as empty boxes. */
const formOf = (business: SiteSettings['business']): BusinessForm => ({
  ...business,
  legalName: business.legalName ?? '',
  abn: business.abn ?? '',
  registrationNumber: business.registrationNumber ?? '',
});

interface FieldSpec {
  name: FieldPath<BusinessForm>;
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'url';
  helperText?: string;
  required?: boolean;
  /** Half a row on wider screens. */
  half?: boolean;
}

const fields: FieldSpec[] = [
  { name: 'brand', label: 'Brand name', autoComplete: 'organization', required: true, half: true },
  { name: 'legalName', label: 'Legal name', helperText: 'Optional: the name on the ABN, if it differs', half: true },
  { name: 'abn', label: 'ABN', inputMode: 'numeric', helperText: 'Optional: 11 digits', half: true },
  {
    name: 'registrationNumber',
    label: "Builder's registration number",
    helperText:
      'As the Victorian Building Authority issued it, such as DB-U 12345. Shown in the footer and on every quote; needed before a quote over $10,000 is sent.',
  },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', required: true, half: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'street', label: 'Street address', autoComplete: 'address-line1', required: true },
  { name: 'suburb', label: 'Suburb', autoComplete: 'address-level2', required: true, half: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', required: true, half: true },
  { name: 'postcode', label: 'Postcode', inputMode: 'numeric', autoComplete: 'postal-code', required: true, half: true },
  { name: 'serviceArea', label: 'Service area', helperText: 'Where you work, in words: "Melbourne, Victoria"', required: true },
  {
    name: 'siteUrl',
    label: 'Site address',
    type: 'url',
    helperText: 'The address visitors use, such as https://www.example.com.au',
    required: true,
  },
];

/** The business's name, contact details and address, as the site, its emails and its search listings show them. */
export function BusinessSection({ business, version }: { business: SiteSettings['business']; version: number }) {
  const values = useMemo(() => formOf(business), [business]);
  const form = useForm({ resolver: zodResolver(schema), values });
  const { submit, saving, problem, reload, password } = useSectionSave('business', version, form);
  const { errors } = form.formState;

  const field = ({ name, label, type, autoComplete, inputMode, helperText, required }: FieldSpec) => (
    <TextField
      label={label}
      type={type}
      required={required}
      fullWidth
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? helperText}
      // A native select for the state: a phone shows its own picker, and typing V picks VIC.
      select={name === 'state'}
      slotProps={{ select: { native: true }, htmlInput: { autoComplete: autoComplete ?? 'off', inputMode } }}
      {...form.register(name)}
    >
      {name === 'state'
        ? australianStates.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))
        : undefined}
    </TextField>
  );

  return (
    <SectionForm
      title={sectionTitles.business}
      anchor="settings-business"
      description="How the site, its emails and search engines name and reach the business."
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
      password={password}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {fields.map((spec) => (
          <Box key={spec.name} sx={{ gridColumn: spec.half ? undefined : '1 / -1' }}>
            {field(spec)}
          </Box>
        ))}
      </Box>
    </SectionForm>
  );
}
