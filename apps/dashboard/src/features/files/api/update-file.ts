import type { AdminSuccess, FileRecord, UpdateFileRequest } from '@latchkey/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath } from '@/lib/api-client';
import { filesKey } from './get-files';

/** PATCH /v1/admin/apps/{appId}/files/{fileId}: name, minimum level, offered on the customer page. */
export async function updateFile(appId: string, fileId: string, body: UpdateFileRequest): Promise<FileRecord> {
  const res = await apiRequest<AdminSuccess<FileRecord>>(appPath(appId, 'files', fileId), { method: 'PATCH', body });
  return res.data;
}

export function useUpdateFile(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, ...body }: UpdateFileRequest & { fileId: string }) => updateFile(appId, fileId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey(appId) }),
  });
}
