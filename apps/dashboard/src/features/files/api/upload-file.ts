import { appPath } from '@/lib/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesKey } from './get-files';
import { sendFileForm, type UploadProgress } from '@/lib/upload-request';

export interface UploadFileInput {
  file: File;
  name?: string;
  minLevel: number;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /v1/admin/apps/{appId}/files (multipart): 201 with the file; 413 over
 * the server's FILE_MAX_BYTES. The fields go before the file, so a bad one is
 * refused before the file is sent in full.
 */
export function uploadFile(appId: string, { file, name, minLevel, onProgress }: UploadFileInput) {
  const form = new FormData();
  if (name) form.append('name', name);
  form.append('minLevel', String(minLevel));
  form.append('file', file, file.name);
  return sendFileForm('POST', appPath(appId, 'files'), form, onProgress);
}

export function useUploadFile(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadFileInput) => uploadFile(appId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey(appId) }),
  });
}
