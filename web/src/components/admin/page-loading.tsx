import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * The admin area's whole-page wait (the session being checked, a page's code loading): a
 * progress ring in the middle of the screen. The admin pages' HTML (admin.html) paints the same
 * ring before any script runs, so the page shows it from the first paint to its content.
 */
export function PageLoading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
