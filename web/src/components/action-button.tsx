import { styled } from '@mui/material/styles';

type Tone = 'gold' | 'dark' | 'light-outline';

/**
 * A plain <button> in the brand's colours. The always-loaded pages use it instead of MUI's
 * Button (and its ripple machinery) to keep the first download small; dialogs use MUI's.
 */
export const ActionButton = styled('button', { shouldForwardProp: (prop) => prop !== 'tone' })<{ tone?: Tone }>(
  ({ theme, tone = 'gold' }) => ({
    font: 'inherit',
    fontWeight: 700,
    fontSize: '1.05rem',
    lineHeight: 1.2,
    minHeight: 48,
    padding: '12px 28px',
    borderRadius: 999,
    cursor: 'pointer',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 8,
    transition: 'background-color 0.2s ease, color 0.2s ease, box-shadow 0.2s ease',
    border: '2px solid transparent',
    ...(tone === 'gold' && {
      backgroundColor: theme.palette.secondary.main,
      color: theme.palette.secondary.contrastText,
      '&:hover': { backgroundColor: theme.palette.secondary.dark },
    }),
    ...(tone === 'dark' && {
      backgroundColor: theme.palette.primary.main,
      color: theme.palette.primary.contrastText,
      '&:hover': { backgroundColor: '#2f3e50' },
    }),
    ...(tone === 'light-outline' && {
      backgroundColor: 'transparent',
      color: '#ffffff',
      borderColor: 'rgba(255,255,255,0.85)',
      '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)' },
    }),
  }),
);
