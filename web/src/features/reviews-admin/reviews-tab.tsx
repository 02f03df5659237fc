import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { limits, verifiedCustomerLabel, type Review } from '@site/domain';
import { useConfirm } from '#web/components/use-confirm.tsx';
import { formatDateTime } from '#web/lib/dates.ts';
import { useApproveReview, useAllReviews, useDeleteReview } from './api/reviews';
import { CardGrid, ListPanel } from '#web/components/admin/list-panel.tsx';
import { Detail, RecordCard } from '#web/components/admin/record-card.tsx';

function ReviewCard({ review }: { review: Review }) {
  const approve = useApproveReview();
  const remove = useDeleteReview();
  const { confirm, dialog } = useConfirm();
  const onDelete = () =>
    confirm({
      title: `Delete review from ${review.customerName}?`,
      question: 'Are you sure you want to delete this review?',
      onConfirm: () => remove.mutate(review.id),
    });
  return (
    <RecordCard
      title={review.customerName}
      dateTime={review.createdAt}
      dateText={formatDateTime(review.createdAt)}
      deleteLabel={`Delete review from ${review.customerName}`}
      deleting={remove.isPending}
      onDelete={onDelete}
      actions={
        !review.approved && (
          <Button
            variant="contained"
            color="success"
            size="small"
            aria-label={`Approve review from ${review.customerName}`}
            onClick={() => approve.mutate(review.id)}
            disabled={approve.isPending}
          >
            Approve
          </Button>
        )
      }
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Rating
          value={review.rating}
          max={limits.ratingMax}
          readOnly
          size="small"
          aria-label={`Rated ${review.rating} out of ${limits.ratingMax} stars`}
        />
        {review.approved ? (
          <Chip label="Approved" color="success" size="small" />
        ) : (
          // MUI's warning colours are below 4.5:1 with small text; these are its Alert's.
          <Chip label="Pending" size="small" sx={{ bgcolor: '#fff4e5', color: '#663c00', border: '1px solid #ffb547' }} />
        )}
        {review.verified && <Chip label={verifiedCustomerLabel} color="primary" variant="outlined" size="small" />}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', mb: review.email ? 1.5 : 0 }}>{review.reviewText}</Typography>
      {review.email && (
        <Detail icon={<EmailOutlined fontSize="small" />} label="Email">
          <Link href={`mailto:${review.email}`}>{review.email}</Link>
        </Detail>
      )}
      {dialog}
    </RecordCard>
  );
}

export function ReviewsTab() {
  const list = useAllReviews();
  return (
    <ListPanel noun="reviews" emptyText="No reviews yet" list={list}>
      <CardGrid>
        {list.items.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </CardGrid>
    </ListPanel>
  );
}
