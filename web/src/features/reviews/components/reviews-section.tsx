import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { limits } from '@site/domain';
import { lazy, Suspense, useState } from 'react';
import { ActionButton } from '../../../components/action-button';
import { visuallyHidden } from '../../../components/visually-hidden';
import { business } from '../../../config/business';
import { useToast } from '../../../lib/toast';
import { usePublicReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';

const loadReviewDialog = () => import('./review-dialog');
const ReviewDialog = lazy(loadReviewDialog);

const grid = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
} as const;

function ReviewsSkeleton() {
  return (
    <Box aria-busy="true">
      <Box sx={visuallyHidden}>Loading reviews…</Box>
      <Box component="ul" sx={grid} aria-hidden="true">
        {Array.from({ length: limits.reviewSkeletonCards }, (_, index) => (
          <Box component="li" key={index} data-testid="review-skeleton" sx={{ p: 3, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 1 }}>
            <Skeleton variant="text" width={120} height={28} />
            <Skeleton variant="text" width="55%" height={28} />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="70%" />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** 'Customer Reviews' (spec section 2): approved reviews, and the way to write one. */
export function ReviewsSection() {
  const reviews = usePublicReviews();
  const toast = useToast();
  const [dialog, setDialog] = useState<'closed' | 'open' | 'mounted'>('closed');
  const open = () => setDialog('open');
  const preload = () => void loadReviewDialog();

  const list = reviews.data ?? [];
  return (
    <Box component="section" id="reviews" aria-labelledby="reviews-heading" sx={{ py: { xs: 7, md: 10 }, bgcolor: '#f1ece4' }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', mb: { xs: 4, md: 5 } }}>
          <Typography id="reviews-heading" variant="h3" component="h2" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: 1.5 }}>
            Customer Reviews
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 640, mx: 'auto', fontSize: '1.1rem', mb: 1 }}>
            See what our customers say about their experience with {business.brand}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 640, mx: 'auto', mb: 3 }}>
            Reviews are checked only for spam and abuse before they appear.
          </Typography>
          <ActionButton type="button" tone="dark" onClick={open} onPointerEnter={preload} onFocus={preload}>
            Write a Review
          </ActionButton>
        </Box>
        {reviews.isPending ? (
          <ReviewsSkeleton />
        ) : list.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 4 }}>
            <Typography sx={{ fontSize: '1.15rem', mb: 2.5 }}>Be the first to share your experience!</Typography>
            <ActionButton type="button" tone="gold" onClick={open} onPointerEnter={preload} onFocus={preload}>
              Write the First Review
            </ActionButton>
          </Box>
        ) : (
          <Box component="ul" sx={grid}>
            {list.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </Box>
        )}
      </Container>
      {dialog !== 'closed' ? (
        <Suspense fallback={null}>
          <ReviewDialog
            open={dialog === 'open'}
            onClose={() => setDialog('mounted')}
            onSubmitted={() => {
              setDialog('mounted');
              toast({ title: 'Success!', message: 'Thank you for your review! It will be visible once approved.', variant: 'default' });
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
