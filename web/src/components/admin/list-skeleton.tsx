import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { visuallyHidden } from '../visually-hidden';

/**
 * Where a list's first cards will be, while its code or its first page loads: grey blocks of a
 * folded card's height, so the page has its shape before the records arrive. Announced as
 * `label` ("Loading inquiries").
 */
export function ListSkeleton({ label, cards = 3 }: { label: string; cards?: number }) {
  return (
    <Stack role="status" spacing={2} aria-label={label}>
      <span style={visuallyHidden}>{label}</span>
      {Array.from({ length: cards }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={72} animation={false} />
      ))}
    </Stack>
  );
}
