import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import InstagramIcon from '@mui/icons-material/Instagram';
import PinterestIcon from '@mui/icons-material/Pinterest';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { BusinessSettings } from '@site/domain';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { business } from '../config/business';
import { paths } from '../config/paths';
import { LogoMark } from './logo';

interface SocialLink {
  name: string;
  href: string;
  icon: ReactNode;
}

/** The social buttons to show: only those whose address the owner supplied (spec section 2). */
export function socialLinks(settings: BusinessSettings): SocialLink[] {
  const all: { name: string; href: string | undefined; icon: ReactNode }[] = [
    { name: 'Instagram', href: settings.instagramUrl, icon: <InstagramIcon /> },
    { name: 'Facebook', href: settings.facebookUrl, icon: <FacebookIcon /> },
    { name: 'Pinterest', href: settings.pinterestUrl, icon: <PinterestIcon /> },
    { name: 'Google Business', href: settings.googleBusinessUrl, icon: <GoogleIcon /> },
  ];
  return all.filter((link): link is SocialLink => Boolean(link.href));
}

const footerLinkSx = {
  color: 'inherit',
  textUnderlineOffset: '3px',
  display: 'inline-block',
  py: 0.75,
} as const;

export function SiteFooter() {
  const socials = socialLinks(business);
  const { address } = business;
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: 6, display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1.5fr' } }}>
        <div>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1.5 }}>
            <LogoMark size={36} />
            <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
              {business.brand}
            </Typography>
          </Box>
          <Typography sx={{ maxWidth: 420, opacity: 0.9 }}>
            Custom kitchens, bathrooms, wardrobes and living spaces, designed and built across {business.areaServed}.
          </Typography>
          {socials.length > 0 ? (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5, display: 'flex', gap: 1.5 }}>
              {socials.map((social) => (
                <li key={social.name}>
                  <Box
                    component="a"
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${social.name} (opens in a new tab)`}
                    sx={{
                      width: 48,
                      height: 48,
                      borderRadius: '50%',
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      bgcolor: 'rgba(255,255,255,0.12)',
                      color: 'inherit',
                      '&:hover': { bgcolor: 'secondary.main', color: 'secondary.contrastText' },
                    }}
                  >
                    {social.icon}
                  </Box>
                </li>
              ))}
            </Box>
          ) : null}
        </div>
        <Box component="nav" aria-label="Footer">
          <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            Explore
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {[
              { to: paths.home, label: 'Home' },
              { to: paths.services, label: 'Services' },
              { to: paths.gallery, label: 'Gallery' },
              { to: paths.about, label: 'About Us' },
              { to: paths.showroom, label: 'Virtual Showroom' },
            ].map((link) => (
              <li key={link.to}>
                <Box component={RouterLink} to={link.to} sx={footerLinkSx}>
                  {link.label}
                </Box>
              </li>
            ))}
          </Box>
        </Box>
        <div>
          <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            Contact
          </Typography>
          <Box component="address" sx={{ fontStyle: 'normal', lineHeight: 1.6 }}>
            <div>{address.street}</div>
            <div>
              {address.suburb} {address.state} {address.postcode}
            </div>
            <Box component="a" href={`tel:${business.phoneHref}`} sx={footerLinkSx}>
              {business.phone}
            </Box>
            <br />
            <Box component="a" href={`mailto:${business.email}`} sx={footerLinkSx}>
              {business.email}
            </Box>
          </Box>
        </div>
      </Container>
      <Box sx={{ borderTop: '1px solid rgba(255,255,255,0.15)' }}>
        <Container maxWidth="lg" sx={{ py: 2.5 }}>
          <Typography variant="body2">
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {business.brand}. All rights reserved.
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
