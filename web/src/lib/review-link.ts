/**
 * What the server found of a review link (`/reviews/write?t=...`) when it rendered the page:
 * the customer's name for a usable link, or why it is refused. The page then shows the answer
 * in its first HTML, and hydrates with the same; without it (the build's own page), the page
 * asks the API itself.
 */
export type ReviewLinkState = { state: 'ready'; name: string } | { state: 'refused'; message: string };

let rendered: ReviewLinkState | null = null;

/** Set by the server's render and by the page's data block (lib/site-data.ts). */
export function seedReviewLink(state: ReviewLinkState | null) {
  rendered = state;
}

export function renderedReviewLink(): ReviewLinkState | null {
  return rendered;
}
