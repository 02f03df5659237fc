import { verifiedCustomerLabel, type PublicReview } from '@site/domain';
import { StarRating } from '../../../components/star-rating';
import styles from './reviews.module.css';

// 'MMMM d, yyyy' (domain reviewDateFormat), e.g. 'January 5, 2025'. Intl gives exactly that
// in en-US without shipping a date library on the home page.
const reviewDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function formatReviewDate(iso: string): string {
  return reviewDate.format(new Date(iso));
}

export function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <article className={styles.card}>
      <StarRating rating={review.rating} />
      <div className={styles.byline}>
        <h3 className={styles.name}>{review.customerName}</h3>
        <time dateTime={review.createdAt} className={styles.date}>
          {formatReviewDate(review.createdAt)}
        </time>
      </div>
      {review.verified && <p className={styles.verified}>{verifiedCustomerLabel}</p>}
      <p className={styles.text}>{review.reviewText}</p>
    </article>
  );
}
