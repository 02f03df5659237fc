import type { Model3d } from '@site/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { publicQueryKeys } from '../../../lib/query-keys';
import { modelsUrl, takeEarlyModelsRequest } from './early-models';

/** The public list; the admin's model changes refresh it too. */
export const showroomModelsQueryKey = publicQueryKeys.models;

/** GET /api/3d-models: every model in display order (a showroom never holds more than a page). */
export const showroomModelsQuery = queryOptions({
  queryKey: showroomModelsQueryKey,
  queryFn: () => takeEarlyModelsRequest() ?? api.get<Model3d[]>(modelsUrl),
});

export function useShowroomModels() {
  return useQuery(showroomModelsQuery);
}
