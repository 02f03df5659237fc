import { createTheme } from '@mui/material/styles';

// Both stacks are the site stylesheet's (styles/public.css, loaded by the entry script on every
// page), so the dialogs and the admin area set text exactly as the public pages do.
/** System fonts only: nothing to download, nothing to shift when it arrives. */
const sans = 'var(--sans)';
/** The brand typeface and its metric-matched fallbacks, as the public pages' headings. */
const serif = 'var(--serif)';

/** The fixed header's height; pages start below it and anchors scroll clear of it. */
export const headerHeight = 64;

// Every text/background pair below meets WCAG AA (4.5:1) contrast.
export const theme = createTheme({
  palette: {
    primary: { main: '#1f2a37', contrastText: '#ffffff' },
    secondary: { main: '#d9a441', dark: '#b98a2e', contrastText: '#1a1a1a' },
    background: { default: '#faf8f5', paper: '#ffffff' },
    text: { primary: '#1c1c1c', secondary: '#4f4f4f' },
    // MUI's orange (#ed6c02) gives white text 3.1:1; this one 5.0:1, and 5.0:1 as text on white.
    // `light` stays MUI's, which the standard Alerts' text and background are derived from.
    warning: { main: '#b45309', light: '#ff9800', contrastText: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: sans,
    h1: { fontFamily: serif, fontWeight: 700 },
    h2: { fontFamily: serif, fontWeight: 700 },
    h3: { fontFamily: serif, fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        html: { scrollPaddingTop: headerHeight },
        // Blue keeps at least 3:1 against both the white and the dark slate surfaces.
        ':focus-visible': { outline: '3px solid #1a73e8', outlineOffset: 2 },
      },
    },
    // MUI's buttons set `outline: 0` and mark keyboard focus with .Mui-focusVisible; draw
    // the site's focus ring there so every button, tab and icon button shows it.
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { outline: '3px solid #1a73e8', outlineOffset: 2 } },
      },
    },
  },
});
