import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { Model3d } from '@site/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { paths } from '../../config/paths';
import { pageSeo } from '../../config/seo';
import { useShowroomModels } from './api/get-models';
import { ModelCard } from './components/model-card';
import { ModelDialog } from './components/model-dialog';

const grid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
} as const;

function Models({ onOpen }: { onOpen: (model: Model3d) => void }) {
  const models = useShowroomModels();
  if (models.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 8 }}>
        <CircularProgress size={28} aria-hidden />
        <Typography>Loading models...</Typography>
      </Box>
    );
  }
  if (models.isError) {
    return (
      <Box role="alert" sx={{ textAlign: 'center', py: 8 }}>
        <Typography sx={{ mb: 2 }}>Sorry, the showroom could not be loaded.</Typography>
        <Button variant="outlined" onClick={() => void models.refetch()}>
          Try again
        </Button>
      </Box>
    );
  }
  if (models.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 8, fontSize: '1.1rem' }}>
        No 3D models available yet. Check back soon!
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={grid} aria-label="3D models">
      {models.data.map((model) => (
        <ModelCard key={model.id} model={model} onOpen={() => onOpen(model)} />
      ))}
    </Box>
  );
}

/** /virtual-showroom: the 3D models, each opening in an interactive viewer (spec section 2). */
export default function ShowroomPage() {
  const [model, setModel] = useState<Model3d | null>(null);
  const [open, setOpen] = useState(false);
  const show = (next: Model3d) => {
    setModel(next);
    setOpen(true);
  };
  return (
    <>
      <PageMeta {...pageSeo[paths.showroom]} path={paths.showroom} />
      <Box sx={{ bgcolor: 'primary.main', color: '#fff', py: { xs: 5, md: 7 } }}>
        <Container maxWidth="lg">
          <Button
            component={RouterLink}
            to={paths.home}
            startIcon={<ArrowBack />}
            sx={{ color: '#f3e3c0', mb: 2, ml: -1, '&:hover': { textDecoration: 'underline' } }}
          >
            Back to Home
          </Button>
          <Typography variant="h1" sx={{ fontSize: { xs: '2.3rem', md: '3.2rem' }, mb: 1.5 }}>
            Virtual Showroom
          </Typography>
          <Typography sx={{ fontSize: { xs: '1.1rem', md: '1.25rem' }, color: '#f3e3c0', maxWidth: 760 }}>
            Step inside our work: open any design to turn it around, zoom in on the details, and see it in your own room with AR on supported phones.
          </Typography>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Models onOpen={show} />
      </Container>
      <ModelDialog model={model} open={open} onClose={() => setOpen(false)} onExited={() => setModel(null)} />
    </>
  );
}
