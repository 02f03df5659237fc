import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PageMeta } from '../../components/page-meta';
import { business } from '../../config/business';
import { paths } from '../../config/paths';
import { pageSeo } from '../../config/seo';
import { PageHeader } from './page-header';

const values = [
  {
    title: 'Designed around you',
    text: 'Every kitchen and bathroom starts with a conversation at your place: how you cook, who shares the bathroom in the morning rush, where the school bags end up. The design follows from that, not from a catalogue.',
  },
  {
    title: 'Made to measure',
    text: 'Our cabinetry is built to the millimetre for your walls, so there are no filler panels hiding awkward gaps and every drawer uses the space it has.',
  },
  {
    title: 'One team, start to finish',
    text: 'A single project manager coordinates design, demolition, licensed plumbing and electrical work, tiling, stone and installation, and keeps you updated at every step.',
  },
  {
    title: 'Honest pricing',
    text: 'Quotes are itemised and transparent, with no surprises halfway through. What we quote is what we build, backed by a 5-year workmanship guarantee.',
  },
];

/** Spec section 1: static text on a bespoke kitchen and bathroom business with over a decade of experience. */
export function AboutPage() {
  const seo = pageSeo[paths.about];
  return (
    <>
      <PageMeta title={seo.title} description={seo.description} keywords={seo.keywords} path={paths.about} />
      <PageHeader title={`About ${business.brand}`} intro="Bespoke kitchens and bathrooms, designed and built in Melbourne for over a decade." />
      <Container maxWidth="md" sx={{ py: { xs: 6, md: 9 } }}>
        <Typography sx={{ fontSize: '1.15rem', mb: 2.5 }}>
          {business.brand} is a bespoke kitchen and bathroom business with over a decade of experience transforming Melbourne homes. What
          began as a small joinery workshop has grown into a team of designers, cabinet makers and licensed trades who look after a
          renovation from the first sketch to the final clean.
        </Typography>
        <Typography sx={{ fontSize: '1.15rem', mb: 5 }}>
          For more than 12 years we have designed and built kitchens, bathrooms, wardrobes and living spaces for home owners from the
          bayside suburbs to the Dandenongs. Every project is different, but our approach stays the same: listen carefully, design
          thoughtfully, build properly and leave the home cleaner than we found it.
        </Typography>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.8rem', md: '2.2rem' }, mb: 3 }}>
          How we work
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          {values.map((value) => (
            <Box component="li" key={value.title} sx={{ p: 3, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 1 }}>
              <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
                {value.title}
              </Typography>
              <Typography color="text.secondary">{value.text}</Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </>
  );
}
