import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The dark title band at the top of the inner pages. */
export function PageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <Box sx={{ bgcolor: 'primary.main', color: '#fff', py: { xs: 6, md: 8 } }}>
      <Container maxWidth="lg">
        <Typography variant="h1" sx={{ fontSize: { xs: '2.3rem', md: '3.2rem' }, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.1rem', md: '1.25rem' }, color: '#f3e3c0', maxWidth: 760 }}>{intro}</Typography>
      </Container>
    </Box>
  );
}
