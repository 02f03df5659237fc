import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ToggleButton from '@mui/material/ToggleButton';

interface ChoiceButtonProps {
  label: string;
  selected: boolean;
  onClick: () => void;
}

/** A large toggle button with a check mark when chosen (aria-pressed tells screen readers). */
export function ChoiceButton({ label, selected, onClick }: ChoiceButtonProps) {
  return (
    <ToggleButton
      value={label}
      selected={selected}
      onChange={onClick}
      color="primary"
      sx={{
        justifyContent: 'flex-start',
        gap: 1.5,
        py: 2,
        px: 2.5,
        width: '100%',
        fontSize: '1.05rem',
        textTransform: 'none',
        color: 'text.primary',
        borderRadius: 2,
        borderWidth: 2,
        '&.Mui-selected': { borderColor: 'primary.main' },
      }}
    >
      {selected ? <CheckCircleIcon aria-hidden="true" /> : <RadioButtonUncheckedIcon aria-hidden="true" sx={{ color: 'text.secondary' }} />}
      {label}
    </ToggleButton>
  );
}
