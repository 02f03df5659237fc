import type { BookingBlock, BookingBlockInput } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

/** POST /api/bookings/blocks: time kept free of visits. Refused with 409 when a visit is booked in it. */
export function useCreateBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookingBlockInput) => api.post<BookingBlock>('/api/bookings/blocks', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.calendars }),
  });
}

/** DELETE /api/bookings/blocks/:id: the time can be booked again. */
export function useDeleteBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/bookings/blocks/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.calendars }),
  });
}
