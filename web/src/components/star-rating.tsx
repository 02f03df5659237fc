import { limits } from '@site/domain';

const star = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Five stars drawn, filled up to the rating, announced as "4 out of 5 stars". */
export function StarRating({ rating, size = 20 }: { rating: number; size?: number }) {
  return (
    <div
      role="img"
      aria-label={`${rating} out of ${limits.ratingMax} stars`}
      style={{ display: 'inline-flex', gap: '2px', color: '#b57f12' }}
    >
      {Array.from({ length: limits.ratingMax }, (_, index) => (
        <svg key={index} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={star} fill={index < rating ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        </svg>
      ))}
    </div>
  );
}
