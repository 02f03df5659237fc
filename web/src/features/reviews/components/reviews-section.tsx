import { limits } from '@site/domain';
import { lazy, Suspense, useState } from 'react';
import { ActionButton } from '#web/components/action-button.tsx';
import { publicReviews } from '#web/lib/public-lists.ts';
import { usePublicList } from '#web/lib/use-public-list.ts';
import layout from '#web/styles/layout.module.css';
import { ReviewCard } from './review-card';
import styles from './reviews.module.css';
import { useBusiness } from '#web/lib/site-settings.ts';

const loadReviewDialog = () => import('./review-dialog');
const loadDialogProviders = () => import('#web/components/dialog-providers.tsx');
const ReviewDialog = lazy(loadReviewDialog);
const DialogProviders = lazy(loadDialogProviders);

function ReviewsSkeleton() {
  return (
    <div aria-busy="true">
      <div className={layout.visuallyHidden}>Loading reviews…</div>
      <ul className={styles.grid} aria-hidden="true">
        {Array.from({ length: limits.reviewSkeletonCards }, (_, index) => (
          <li key={index} data-testid="review-skeleton" className={layout.card}>
            <span className={`${styles.line} ${styles.tall}`} style={{ width: 120 }} />
            <span className={`${styles.line} ${styles.tall}`} style={{ width: '55%' }} />
            <span className={styles.line} />
            <span className={styles.line} />
            <span className={styles.line} style={{ width: '70%' }} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 'Customer Reviews': approved reviews, and the way to write one. Loaded on its own after the
 * page (it sits below the fold).
 */
export default function ReviewsSection() {
  const business = useBusiness();
  const reviews = usePublicList(publicReviews);
  const [dialog, setDialog] = useState<'closed' | 'open' | 'mounted'>('closed');
  const open = () => setDialog('open');
  // The dialog's code (MUI, the form libraries) loads when the visitor points at, focuses or
  // touches a button that opens it, not with the page.
  const preload = () => {
    void loadDialogProviders();
    void loadReviewDialog();
  };

  const list = reviews.data ?? [];
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className={`${layout.section} ${styles.section}`}>
      <div className={layout.container}>
        <div className={layout.sectionHead}>
          <h2 id="reviews-heading" className={layout.sectionTitle}>
            Customer Reviews
          </h2>
          <p className={styles.intro}>See what our customers say about their experience with {business.brand}</p>
          <p className={styles.note}>Reviews are checked only for spam and abuse before they appear.</p>
          <ActionButton type="button" tone="dark" onClick={open} onPointerEnter={preload} onFocus={preload}>
            Write a Review
          </ActionButton>
        </div>
        {reviews.status === 'pending' ? (
          <ReviewsSkeleton />
        ) : list.length === 0 ? (
          <div className={styles.empty}>
            <p className={styles.emptyText}>Be the first to share your experience!</p>
            <ActionButton type="button" tone="gold" onClick={open} onPointerEnter={preload} onFocus={preload}>
              Write the First Review
            </ActionButton>
          </div>
        ) : (
          <ul className={styles.grid}>
            {list.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {dialog !== 'closed' ? (
        <Suspense fallback={null}>
          <DialogProviders>
            <ReviewDialog open={dialog === 'open'} onClose={() => setDialog('mounted')} onSubmitted={() => setDialog('mounted')} />
          </DialogProviders>
        </Suspense>
      ) : null}
    </section>
  );
}
