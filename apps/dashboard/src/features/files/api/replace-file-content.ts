import { appPath } from '@/lib/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesKey } from './get-files';
import { sendFileForm, type UploadProgress } from '@/lib/upload-request';

export interface ReplaceFileInput {
  fileId: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** PUT /v1/admin/apps/{appId}/files/{fileId}/content (multipart): links handed out before stop working. */
export function replaceFileContent(appId: string, { fileId, file, onProgress }: ReplaceFileInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  return sendFileForm('PUT', appPath(appId, 'files', fileId, 'content'), form, onProgress);
}

export function useReplaceFileContent(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReplaceFileInput) => replaceFileContent(appId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey(appId) }),
  });
}
