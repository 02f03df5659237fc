import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../../components/action-button';

/** Spec section 1, 'Home page hero'. */
const keyPoints = [
  'Over 12 years of experience',
  'Quick and accurate quotes',
  'Fully custom designs',
  'Fast turnaround and transparent pricing',
  '5-year workmanship guarantee',
];

interface HeroProps {
  onFreeQuote: () => void;
  onStartProject: () => void;
  onPreloadQuote: () => void;
  onPreloadInquiry: () => void;
}

export function Hero({ onFreeQuote, onStartProject, onPreloadQuote, onPreloadInquiry }: HeroProps) {
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{
        color: '#fff',
        background:
          'radial-gradient(circle at 85% 15%, rgba(217,164,65,0.28), transparent 45%), linear-gradient(135deg, #1f2a37 0%, #2c3b4d 55%, #3a2f22 100%)',
        py: { xs: 6, md: 11 },
      }}
    >
      <Container maxWidth="lg">
        <Typography
          id="hero-heading"
          variant="h1"
          sx={{ fontSize: { xs: '2.4rem', sm: '3.2rem', md: '4rem' }, lineHeight: 1.1, maxWidth: 820, mb: 2 }}
        >
          Transform Your Kitchen &amp; Bathroom
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.15rem', md: '1.4rem' }, color: '#f3e3c0', mb: 3.5, maxWidth: 680 }}>
          Melbourne's luxury kitchen and bathroom experts
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 4.5, display: 'grid', gap: 1.25 }}>
          {keyPoints.map((point) => (
            <Box component="li" key={point} sx={{ display: 'flex', alignItems: 'center', gap: 1.25, fontSize: { xs: '1rem', md: '1.1rem' } }}>
              <CheckCircleIcon aria-hidden="true" sx={{ color: 'secondary.main' }} />
              {point}
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <ActionButton id="free-quote" type="button" tone="gold" onClick={onFreeQuote} onPointerEnter={onPreloadQuote} onFocus={onPreloadQuote}>
            Free Quote
          </ActionButton>
          <ActionButton
            id="start-project"
            type="button"
            tone="light-outline"
            onClick={onStartProject}
            onPointerEnter={onPreloadInquiry}
            onFocus={onPreloadInquiry}
          >
            Start Your Project
          </ActionButton>
        </Box>
      </Container>
    </Box>
  );
}
