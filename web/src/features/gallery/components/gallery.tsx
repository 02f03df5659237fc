import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Reveal } from '../../../components/reveal';
import { galleryAspect, galleryItems, type GalleryItem } from '../../../config/gallery';

/** Image widths the grid asks for: one column on small screens, two on medium, three on large. */
const sizes = '(min-width: 1200px) 370px, (min-width: 900px) 46vw, 92vw';
const intrinsic = { width: 1200, height: (1200 * galleryAspect.height) / galleryAspect.width };

function GalleryTile({ item, index }: { item: GalleryItem; index: number }) {
  return (
    <Reveal threshold={0.2} delay={0.1 * (index % 3)} component="li">
      <Box
        component="figure"
        // Focusable so keyboard users get the same category label as the mouse's hover.
        tabIndex={0}
        sx={{
          position: 'relative',
          m: 0,
          aspectRatio: `${galleryAspect.width} / ${galleryAspect.height}`,
          overflow: 'hidden',
          borderRadius: 2,
          bgcolor: '#e7e1d8',
          boxShadow: 1,
          '& img': {
            display: 'block',
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            transition: 'transform 0.4s ease',
          },
          '& figcaption': {
            position: 'absolute',
            left: 12,
            bottom: 12,
            px: 1.5,
            py: 0.5,
            borderRadius: 10,
            bgcolor: 'rgba(20,26,34,0.88)',
            color: '#fff',
            fontWeight: 600,
            fontSize: '0.875rem',
            opacity: 0,
            transform: 'translateY(6px)',
            transition: 'opacity 0.25s ease, transform 0.25s ease',
          },
          '&:hover figcaption, &:focus-visible figcaption': { opacity: 1, transform: 'none' },
          '&:hover img, &:focus-visible img': { transform: 'scale(1.03)' },
          // Touch screens have no hover: show the label all the time.
          '@media (hover: none)': { '& figcaption': { opacity: 1, transform: 'none' } },
          '@media (prefers-reduced-motion: reduce)': { '& img, & figcaption': { transition: 'none' }, '&:hover img, &:focus-visible img': { transform: 'none' } },
        }}
      >
        <picture>
          <source type="image/avif" srcSet={item.avifSrcSet} sizes={sizes} />
          <source type="image/webp" srcSet={item.webpSrcSet} sizes={sizes} />
          <img src={item.src} alt={item.alt} width={intrinsic.width} height={intrinsic.height} loading="lazy" decoding="async" />
        </picture>
        <figcaption>{item.category}</figcaption>
      </Box>
    </Reveal>
  );
}

interface GalleryProps {
  /** The home page shows a section heading (h2); the gallery page has its own h1. */
  headingLevel: 'h1' | 'h2';
}

/** 'Our Recent Projects': the 11 gallery items in a 1/2/3 column grid (spec section 2). */
export function Gallery({ headingLevel }: GalleryProps) {
  return (
    <Box component="section" id="gallery" aria-labelledby="gallery-heading" sx={{ py: { xs: 7, md: 10 } }}>
      <Container maxWidth="lg">
        <Reveal threshold={0.1} sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
          <Typography id="gallery-heading" variant="h3" component={headingLevel} sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: 1.5 }}>
            Our Recent Projects
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 640, mx: 'auto', fontSize: '1.1rem' }}>
            Explore our portfolio of stunning kitchen, bathroom, and wardrobe renovations across Melbourne
          </Typography>
        </Reveal>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {galleryItems.map((item, index) => (
            <GalleryTile key={item.name} item={item} index={index} />
          ))}
        </Box>
      </Container>
    </Box>
  );
}
