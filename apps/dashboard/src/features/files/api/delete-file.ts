import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { filesKey } from './get-files';

/** DELETE /v1/admin/apps/{appId}/files/{fileId}: the file and its stored content. */
export async function deleteFile(appId: string, fileId: string): Promise<void> {
  await apiRequest<unknown>(appPath(appId, 'files', fileId), {
    method: 'DELETE',
  });
}

export function useDeleteFile(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => deleteFile(appId, fileId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey(appId) }),
  });
}
