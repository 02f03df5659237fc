import { Suspense } from 'react';
import ReviewsSection from '../../features/reviews/components/reviews-section';
import { hydrateIsland } from './island';

/** The home page's reviews, as the server renders them inside <Island name="reviews">. */
export function ReviewsIsland() {
  return (
    <Suspense fallback={null}>
      <ReviewsSection />
    </Suspense>
  );
}

export const hydrate = (element: HTMLElement) => hydrateIsland(element, <ReviewsIsland />);
