import Box from '@mui/material/Box';

/**
 * The admin area's whole-page wait while a page's code loads: one still line in the middle of
 * the screen. The admin pages' HTML (admin.html) paints the same line before any script runs,
 * so the page shows it from the first paint to its content. It does not move: an animation
 * would keep the main thread drawing frames while the page's scripts start.
 */
export function PageLoading() {
  return (
    <Box role="status" className="page-loading">
      Loading...
    </Box>
  );
}
