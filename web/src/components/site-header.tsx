import PhoneIcon from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router';
import { headerHeight } from '../app/theme';
import { business } from '../config/business';
import { paths } from '../config/paths';
import { LogoMark } from './logo';

const linkSx = {
  color: 'inherit',
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 0.75,
  minHeight: 44,
  px: { xs: 0.5, sm: 1.5 },
  borderRadius: 1,
  fontWeight: 600,
  fontSize: { xs: '0.875rem', sm: '1rem' },
  whiteSpace: 'nowrap',
  '&:hover': { textDecoration: 'underline', textUnderlineOffset: '4px' },
} as const;

/** The fixed header of every public page: logo, the showroom link and the phone link. */
export function SiteHeader() {
  return (
    <Box
      component="header"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 'appBar',
        height: headerHeight,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        boxShadow: '0 1px 8px rgba(0,0,0,0.25)',
      }}
    >
      <Container
        maxWidth="lg"
        sx={{ height: '100%', display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, px: { xs: 1.5, sm: 3 } }}
      >
        <Box component={RouterLink} to={paths.home} aria-label={`${business.brand}, home`} sx={{ ...linkSx, px: 0, gap: 1.25 }}>
          <LogoMark />
          <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, fontSize: '1.05rem' }}>
            {business.brand}
          </Box>
        </Box>
        <Box component="nav" aria-label="Main" sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 } }}>
          <Box component={RouterLink} to={paths.showroom} sx={linkSx}>
            Virtual Showroom
          </Box>
          <Box
            component="a"
            href={`tel:${business.phoneHref}`}
            sx={{
              ...linkSx,
              px: { xs: 1, sm: 2 },
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
              '&:hover': { bgcolor: 'secondary.dark' },
            }}
          >
            <PhoneIcon fontSize="small" aria-hidden="true" />
            {business.phone}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
