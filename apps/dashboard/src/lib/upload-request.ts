import type { AdminSuccess, FileRecord } from '@latchkey/contracts';
import { ApiError, readAdminError } from '@/lib/api-client';
import { clearToken, getToken } from '@/lib/auth-token';

/** How far an upload is: bytes sent of the request body's total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A multipart upload with progress. fetch() cannot report upload progress, so
 * this one call uses XMLHttpRequest; errors come back as the same ApiError
 * (with the contract's message) as every other admin call.
 */
export function sendFileForm<Result = FileRecord>(
  method: 'POST' | 'PUT',
  path: string,
  form: FormData,
  onProgress?: (progress: UploadProgress) => void,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const token = getToken();
    if (token === null) {
      reject(new ApiError(401, 'You are not signed in.'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((payload as AdminSuccess<Result>).data);
        return;
      }
      if (xhr.status === 401) clearToken({ expired: true });
      const error = readAdminError(payload);
      reject(new ApiError(xhr.status, error?.message ?? `Upload failed (HTTP ${xhr.status}).`, error ?? {}));
    };
    xhr.send(form);
  });
}
