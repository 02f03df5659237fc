import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f2a37' },
    secondary: { main: '#b8860b' },
  },
  shape: { borderRadius: 8 },
});
