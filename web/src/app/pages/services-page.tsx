import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageMeta } from '../../components/page-meta';
import { paths } from '../../config/paths';
import { pageSeo } from '../../config/seo';
import { services } from '../../features/services/services';
import { PageHeader } from './page-header';

/** Spec section 2, 'Services page': an intro and the seven services with their descriptions. */
export function ServicesPage() {
  const seo = pageSeo[paths.services];
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.services} />
      <PageHeader
        title="Our Services"
        intro="From a single wardrobe to a whole-home renovation, we design, build and install custom cabinetry and complete renovations across Melbourne."
      />
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          {services.map((service, index) => (
            <Box
              component="li"
              key={service.title}
              sx={{ p: { xs: 3, md: 4 }, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 1, borderLeft: '5px solid', borderColor: 'secondary.main' }}
            >
              <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.7rem' }, mb: 1 }}>
                <Box component="span" sx={{ color: 'text.secondary', mr: 1 }} aria-hidden="true">
                  {index + 1}.
                </Box>
                {service.title}
              </Typography>
              <Typography sx={{ fontWeight: 600, mb: 1 }}>{service.summary}</Typography>
              <Typography color="text.secondary">{service.description}</Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </>
  );
}
