import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { consumerGuideDefaultUrl, type SiteSettings } from '@site/domain';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { sectionTitles, useSectionSave } from '../hooks/use-section-save';
import { SectionForm } from './section-form';

const schema = settingsSectionSchemas.payments;
type PaymentsForm = z.input<typeof schema>;

/**
 * The deposit as a percentage, or an empty box for the legal maximum. The box keeps what was
 * typed; a number it cannot read becomes NaN, which the schema refuses with its own message.
 */
function DepositField({ form }: { form: ReturnType<typeof useForm<PaymentsForm, unknown, z.output<typeof schema>>> }) {
  const { field, fieldState } = useController({ control: form.control, name: 'depositPercent' });
  const [text, setText] = useState(field.value === null ? '' : String(field.value));
  const read = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
  const same = read(text) === field.value || (Number.isNaN(read(text)) && Number.isNaN(field.value));
  return (
    <TextField
      label="Deposit (% of the accepted total)"
      value={same ? text : field.value === null ? '' : String(field.value)}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(read(event.target.value));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? 'Leave empty for the legal maximum: 10% of a price under $20,000 and 5% from $20,000.'}
    />
  );
}

/** The deposit customers pay on an accepted quote, and the bank account they may transfer it to. */
export function PaymentsSection({ payments, version }: { payments: SiteSettings['payments']; version: number }) {
  // Settings stored before the guide's address existed have none: the form offers the official page.
  const values = useMemo(() => ({ ...payments, consumerGuideUrl: payments.consumerGuideUrl || consumerGuideDefaultUrl }), [payments]);
  const form = useForm({ resolver: zodResolver(schema), values });
  const { submit, saving, problem, reload, password } = useSectionSave('payments', version, form);
  const { errors } = form.formState;
  const onlineDeposits = useController({ control: form.control, name: 'onlineDeposits' });
  const text = (name: 'bankAccountName' | 'bankBsb' | 'bankAccountNumber', label: string, hint: string, numeric: boolean) => (
    <TextField
      label={label}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message ?? hint}
      slotProps={{ htmlInput: numeric ? { inputMode: 'numeric', autoComplete: 'off' } : { autoComplete: 'off' } }}
      {...form.register(name)}
    />
  );
  return (
    <SectionForm
      title={sectionTitles.payments}
      anchor="settings-payments"
      description="When a customer accepts a quote online they are asked for the deposit, never more than the Domestic Building Contracts Act allows. Without a card payment provider set up, they are shown these bank details with their quote's reference. Only staff and customers with an accepted quote see them."
      onSubmit={submit}
      saving={saving}
      problem={problem}
      onReload={() => void reload()}
      password={password}
    >
      <FormControlLabel
        label="Ask customers for the deposit online when they accept a quote (untick if you arrange deposits yourself)"
        control={
          <Checkbox
            checked={onlineDeposits.field.value ?? true}
            onChange={(event) => onlineDeposits.field.onChange(event.target.checked)}
            onBlur={onlineDeposits.field.onBlur}
            slotProps={{ input: { ref: onlineDeposits.field.ref } }}
          />
        }
      />
      <DepositField form={form} />
      <TextField
        label="Deposit due (days after acceptance)"
        type="number"
        error={Boolean(errors.depositDueDays)}
        helperText={
          errors.depositDueDays?.message ?? 'The customer’s page and the acceptance email give the day it is due by: 1 to 60 days.'
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', min: 1, max: 60, step: 1 } }}
        {...form.register('depositDueDays', { valueAsNumber: true })}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('bankAccountName', 'Bank account name', 'As the bank has it', false)}
        {text('bankBsb', 'BSB', '6 digits, such as 063-000', true)}
        {text('bankAccountNumber', 'Account number', 'Leave all three empty to offer no bank transfer', true)}
      </Box>
      <TextField
        label="Domestic Building Consumer Guide address"
        type="url"
        error={Boolean(errors.consumerGuideUrl)}
        helperText={
          errors.consumerGuideUrl?.message ??
          'The guide a customer confirms receiving when they accept a quote over $10,000: Consumer Affairs Victoria’s page unless you link your own copy.'
        }
        slotProps={{ htmlInput: { autoComplete: 'off', inputMode: 'url' } }}
        {...form.register('consumerGuideUrl')}
      />
    </SectionForm>
  );
}
