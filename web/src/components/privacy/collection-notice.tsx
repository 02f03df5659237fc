import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { collectionNotice, marketingConsentLabel, paths } from '@site/domain';
import { visuallyHidden } from '../visually-hidden';

/**
 * The collection notice under a public form (Australian Privacy Principle 5): what the details
 * are for, and the privacy policy, opened in a new tab so the form keeps what was typed.
 */
export function CollectionNotice({ purpose = collectionNotice }: { purpose?: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
      {purpose} See our{' '}
      <a href={paths.privacy} target="_blank" rel="noopener" style={{ color: 'inherit' }}>
        privacy policy<span style={visuallyHidden}> (opens in a new tab)</span>
      </a>
      .
    </Typography>
  );
}

/** The optional marketing-consent box: never ticked until the customer ticks it. */
export function MarketingConsent({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      sx={{ gridColumn: '1 / -1', mr: 0 }}
      control={<Checkbox name="marketingConsent" checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label={marketingConsentLabel}
    />
  );
}
