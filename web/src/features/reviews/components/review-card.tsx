import { verifiedCustomerLabel, type PublicReview } from '@site/domain';
import { StarRating } from '#web/components/star-rating.tsx';
import { formatPublicReviewDate } from '#web/lib/public-dates.ts';
import styles from './reviews.module.css';

export function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <article className={styles.card}>
      <StarRating rating={review.rating} />
      <div className={styles.byline}>
        <h3 className={styles.name}>{review.customerName}</h3>
        <time dateTime={review.createdAt} className={styles.date}>
          {formatPublicReviewDate(review.createdAt)}
        </time>
      </div>
      {review.verified && <p className={styles.verified}>{verifiedCustomerLabel}</p>}
      <p className={styles.text}>{review.reviewText}</p>
    </article>
  );
}
