import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PublicReview } from '@site/domain';
import { StarRating } from '../../../components/star-rating';

// 'MMMM d, yyyy' (domain reviewDateFormat), e.g. 'January 5, 2025'. Intl gives exactly that
// in en-US without shipping a date library on the home page.
const reviewDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function formatReviewDate(iso: string): string {
  return reviewDate.format(new Date(iso));
}

export function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <Box
      component="article"
      sx={{ p: 3, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 1, display: 'flex', flexDirection: 'column', gap: 1.25, height: '100%' }}
    >
      <StarRating rating={review.rating} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
          {review.customerName}
        </Typography>
        <Typography component="time" dateTime={review.createdAt} variant="body2" color="text.secondary">
          {formatReviewDate(review.createdAt)}
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{review.reviewText}</Typography>
    </Box>
  );
}
