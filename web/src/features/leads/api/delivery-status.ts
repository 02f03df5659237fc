import type { DeliveryStatus } from '@site/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

export const deliveryStatusQuery = queryOptions({
  queryKey: adminKeys.deliveryStatus,
  queryFn: () => api.get<DeliveryStatus>('/api/messages/status'),
});

/** Whether emails and SMS can be sent, and whether the latest sends failed: for the dashboard's warning. */
export const useDeliveryStatus = () => useQuery(deliveryStatusQuery);
