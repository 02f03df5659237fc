import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { services } from '../services';

/** The home page's services section: the seven services in brief, leading to the services page. */
export function ServicesSection() {
  return (
    <Box component="section" aria-labelledby="services-heading" sx={{ py: { xs: 7, md: 10 }, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
          <Typography id="services-heading" variant="h3" component="h2" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: 1.5 }}>
            Our Services
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 640, mx: 'auto', fontSize: '1.1rem' }}>
            Design, joinery and installation under one roof, for every room of the home.
          </Typography>
        </Box>
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
        >
          {services.map((service) => (
            <Box
              component="li"
              key={service.title}
              sx={{ p: 3, borderRadius: 2, bgcolor: 'background.default', borderTop: '4px solid', borderColor: 'secondary.main' }}
            >
              <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.1rem', mb: 1 }}>
                {service.title}
              </Typography>
              <Typography color="text.secondary">{service.summary}</Typography>
            </Box>
          ))}
          <Box component="li" sx={{ p: 3, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', display: 'flex', alignItems: 'center' }}>
            <Box component={RouterLink} to={paths.services} sx={{ color: 'inherit', fontWeight: 700, fontSize: '1.1rem', textUnderlineOffset: '4px' }}>
              See all our services in detail
            </Box>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
