import type { ChangeEvent } from '@site/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { countLiveVisit } from '../api/visitors';

/** For the dashboard's live changes: a visit recorded counts towards today on the chart at once. */
export function useCountLiveVisits() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: ChangeEvent) => {
      if (change.collection === 'visitor_tracking' && change.op === 'create') countLiveVisit(queryClient);
    },
    [queryClient],
  );
}
