import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { paths } from '../../config/paths';
import { pageSeo } from '../../config/seo';

/** Any unknown path (spec section 2): 'Page Not Found' with a developer-style hint. */
export function NotFoundPage() {
  const seo = pageSeo.notFound;
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} noindex />
      <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '2.4rem', md: '3rem' }, mb: 2 }}>
          Page Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Did you forget to add the page to the router?
        </Typography>
        <Box component={RouterLink} to={paths.home} sx={{ color: 'primary.main', fontWeight: 700, textUnderlineOffset: '4px' }}>
          Back to the home page
        </Box>
      </Container>
    </>
  );
}
