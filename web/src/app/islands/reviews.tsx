import ReviewsSection from '#web/features/reviews/components/reviews-section.tsx';
import { hydrateIsland } from './island';

/** The home page's reviews, as the server renders them inside <Island name="reviews">. */
export function ReviewsIsland() {
  return <ReviewsSection />;
}

export const hydrate = (element: HTMLElement) => hydrateIsland(element, <ReviewsIsland />);
