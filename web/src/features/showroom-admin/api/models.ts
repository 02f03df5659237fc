import type { ModelFields, Model3d, ReorderInput } from '@site/domain';
import { limits } from '@site/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, getList, type ListPage } from '#web/lib/api-client.ts';
import { useToast } from '#web/lib/toast.tsx';
import { showroomModels } from '#web/lib/public-lists.ts';

/**
 * The admin list is keyed under the collection's name, ['admin', 'models_3d'], so the
 * dashboard's live updates refresh it like every other admin list.
 */
export const adminModelsQueryKey = ['admin', 'models_3d'] as const;

export const adminModelsQuery = queryOptions({
  queryKey: adminModelsQueryKey,
  queryFn: () => getList<Model3d>(`/api/3d-models?limit=${limits.listMaxLimit}`),
});

export function useAdminModels() {
  return useQuery(adminModelsQuery);
}

/** Both lists: the admin's, and the public showroom's. */
const refreshLists = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: adminModelsQueryKey }), showroomModels.refresh()]);

export function useCreateModel() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: ModelFields) => api.post<Model3d>('/api/3d-models', input),
    onSuccess: () => toast({ title: 'Success', message: '3D model added successfully', variant: 'default' }),
    onError: () => toast({ title: 'Error', message: 'Failed to add 3D model', variant: 'error' }),
    onSettled: () => refreshLists(queryClient),
  });
}

export function useUpdateModel() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ModelFields }) => api.put<Model3d>(`/api/3d-models/${encodeURIComponent(id)}`, input),
    onSuccess: () => toast({ title: 'Success', message: '3D model updated successfully', variant: 'default' }),
    onError: () => toast({ title: 'Error', message: 'Failed to update 3D model', variant: 'error' }),
    onSettled: () => refreshLists(queryClient),
  });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/3d-models/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<ListPage<Model3d>>(adminModelsQueryKey, (page) =>
        page ? { ...page, items: page.items.filter((m) => m.id !== id), total: page.total === null ? null : page.total - 1 } : page,
      );
      toast({ title: 'Success', message: '3D model deleted successfully', variant: 'default' });
    },
    onError: () => toast({ title: 'Error', message: 'Failed to delete 3D model', variant: 'error' }),
    onSettled: () => refreshLists(queryClient),
  });
}

/**
 * The whole order is sent, each model's displayOrder being its index after
 * the swap. The list shows the new order at once and goes back if the server refuses it.
 */
export function useReorderModels() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (ordered: Model3d[]) => {
      const body: ReorderInput = { models: ordered.map(({ id }, displayOrder) => ({ id, displayOrder })) };
      return api.patch<Model3d[]>('/api/3d-models/reorder', body);
    },
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: adminModelsQueryKey });
      const previous = queryClient.getQueryData<ListPage<Model3d>>(adminModelsQueryKey);
      queryClient.setQueryData<ListPage<Model3d>>(adminModelsQueryKey, (page) =>
        page ? { ...page, items: ordered.map((m, displayOrder) => ({ ...m, displayOrder })) } : page,
      );
      return { previous };
    },
    onSuccess: () => toast({ title: 'Success', message: 'Models reordered successfully', variant: 'default' }),
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(adminModelsQueryKey, context.previous);
      toast({ title: 'Error', message: 'Failed to reorder models', variant: 'error' });
    },
    onSettled: () => refreshLists(queryClient),
  });
}

/** The list with the model at `index` swapped with its neighbour above (-1) or below (+1). */
export function swapped(models: readonly Model3d[], index: number, direction: -1 | 1): Model3d[] {
  const other = index + direction;
  if (index < 0 || other < 0 || index >= models.length || other >= models.length) return [...models];
  const next = [...models];
  [next[index], next[other]] = [next[other], next[index]];
  return next;
}
