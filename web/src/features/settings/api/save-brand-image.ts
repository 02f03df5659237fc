import type { BrandImageKind } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { uploadFile } from '#web/lib/uploads/upload-file.ts';
import { settingsQueryKey, type AdminSettings } from '#web/lib/admin/settings-query.ts';

/**
 * A brand image: the file uploaded as the admin's other images are, then named in PUT
 * /api/settings/images/{kind}, which makes the logo's or favicon's PNGs; `null` removes it.
 * The answer is the whole settings document, which replaces the cached one.
 */
export function useSaveBrandImage(kind: BrandImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File | null) => {
      if (!file) return api.delete<AdminSettings>(`/api/settings/images/${kind}`);
      const url = await uploadFile('thumbnail', file);
      return api.put<AdminSettings>(`/api/settings/images/${kind}`, { url });
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, saved),
  });
}
