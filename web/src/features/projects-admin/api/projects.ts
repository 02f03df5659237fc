import type { Model3d, Project, ProjectInput, ProjectReorderInput, PublicReview } from '@site/domain';
import { limits } from '@site/domain';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { publicProjects } from '#web/lib/public-lists.ts';
import { useToast } from '#web/lib/toast.tsx';

/** Keyed under the collection's name, so the dashboard's live changes refresh it like every admin list. */
export const adminProjectsQueryKey = ['admin', 'projects'] as const;

export const adminProjectsQuery = queryOptions({
  queryKey: adminProjectsQueryKey,
  queryFn: () => api.get<Project[]>('/api/projects/all'),
});

export function useAdminProjects() {
  return useQuery(adminProjectsQuery);
}

/** What a project can link to: the showroom's models and the approved reviews. */
export function useProjectLinks() {
  const models = useQuery({
    queryKey: ['admin', 'models_3d', 'choices'],
    queryFn: () => api.get<Model3d[]>(`/api/3d-models?limit=${limits.listMaxLimit}`),
  });
  const reviews = useQuery({ queryKey: ['admin', 'reviews', 'approved-choices'], queryFn: () => api.get<PublicReview[]>('/api/reviews') });
  return { models: models.data ?? [], reviews: reviews.data ?? [] };
}

/** Both lists: the admin's, and the public pages' (gallery, project pages) in this visit. */
const refreshLists = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: adminProjectsQueryKey }), publicProjects.refresh()]);

export function useSaveProject() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProjectInput }) =>
      id ? api.put<Project>(`/api/projects/${encodeURIComponent(id)}`, input) : api.post<Project>('/api/projects', input),
    onSuccess: (_project, { id }) =>
      toast({ title: 'Success', message: id ? 'Project updated successfully' : 'Project added successfully', variant: 'default' }),
    onError: (_error, { id }) =>
      toast({ title: 'Error', message: id ? 'Failed to update project' : 'Failed to add project', variant: 'error' }),
    onSettled: () => refreshLists(queryClient),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/projects/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Project[]>(adminProjectsQueryKey, (list) => list?.filter((p) => p.id !== id));
      toast({ title: 'Success', message: 'Project deleted successfully', variant: 'default' });
    },
    onError: () => toast({ title: 'Error', message: 'Failed to delete project', variant: 'error' }),
    onSettled: () => refreshLists(queryClient),
  });
}

/** Sends the whole order; the list shows it at once and goes back if the server refuses it. */
export function useReorderProjects() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (ordered: Project[]) => {
      const body: ProjectReorderInput = { projects: ordered.map(({ id }, displayOrder) => ({ id, displayOrder })) };
      return api.patch<Project[]>('/api/projects/reorder', body);
    },
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: adminProjectsQueryKey });
      const previous = queryClient.getQueryData<Project[]>(adminProjectsQueryKey);
      queryClient.setQueryData<Project[]>(adminProjectsQueryKey, ordered);
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(adminProjectsQueryKey, context.previous);
      toast({ title: 'Error', message: 'Failed to reorder projects', variant: 'error' });
    },
    onSettled: () => refreshLists(queryClient),
  });
}

/** The list with the item at `index` moved one place up (-1) or down (+1). */
export function moved<T>(items: readonly T[], index: number, direction: -1 | 1): T[] {
  const other = index + direction;
  if (index < 0 || other < 0 || index >= items.length || other >= items.length) return [...items];
  const next = [...items];
  [next[index], next[other]] = [next[other], next[index]];
  return next;
}
