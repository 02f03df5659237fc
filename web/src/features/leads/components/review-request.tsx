import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { jobDoneOn, reviewRequestState, type LeadProgress } from '@site/domain';
import type { LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { useRequestReview } from '../api/request-review';

interface ReviewRequestProps {
  id: string;
  lead: Pick<LeadProgress, 'status' | 'history'>;
  /** The lead's name, so each card's button has a name of its own. */
  name: string;
  collection: LeadCollection;
}

/**
 * "Request a review" on a won lead once its job is marked done (not at acceptance: the customer
 * reviews the finished work): emails the customer their own review link once. Afterwards
 * the card says the review was requested, and received once it came through the link.
 */
export function ReviewRequest({ id, lead, name, collection }: ReviewRequestProps) {
  const request = useRequestReview(collection);
  const state = reviewRequestState(lead.history);
  if (state === 'received') return <Chip size="small" color="success" variant="outlined" label="Review received" />;
  if (state === 'requested') return <Chip size="small" variant="outlined" label="Review requested" />;
  if (lead.status !== 'won' || jobDoneOn(lead.history) === null) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={() => request.mutate(id)}
      disabled={request.isPending}
      aria-label={`Request a review from ${name}`}
    >
      {request.isPending ? 'Sending...' : 'Request a review'}
    </Button>
  );
}
