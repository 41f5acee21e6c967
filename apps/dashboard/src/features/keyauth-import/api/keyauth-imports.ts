import {
  type AdminList,
  type AdminSuccess,
  type KeyAuthImport,
  type KeyAuthImportKind,
  type KeyAuthImportOutcome,
  type KeyAuthImportRow,
} from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';
import { sendFileForm, type UploadProgress } from '@/lib/upload-request';

/** How often an import on screen is read again while the worker previews or commits it. */
const POLL_MS = 1000;
/** Rows of the preview table per page. */
export const PREVIEW_ROWS = 25;

function importsPath(appId: string) {
  return appPath(appId, 'keyauth-imports');
}

export function keyAuthImportsKey(appId: string) {
  return [...appScope(appId), 'keyauth-imports'] as const;
}

export function isWorking(item: KeyAuthImport): boolean {
  return item.status === 'previewing' || item.status === 'committing';
}

/** GET .../keyauth-imports/{importId}, read again every second while the worker has it. */
export function useKeyAuthImport(appId: string, importId: string | undefined) {
  return useQuery({
    queryKey: [...keyAuthImportsKey(appId), 'detail', importId],
    queryFn: ({ signal }) =>
      apiRequest<AdminSuccess<KeyAuthImport>>(`${importsPath(appId)}/${encodeURIComponent(importId!)}`, {
        signal,
      }).then((res) => res.data),
    enabled: importId !== undefined,
    refetchInterval: (query) => (query.state.data && !isWorking(query.state.data) ? false : POLL_MS),
  });
}

/** GET .../keyauth-imports/{importId}/rows: one page of the preview's users or keys. */
export function useKeyAuthImportRows(
  appId: string,
  importId: string,
  filter: { kind: KeyAuthImportKind; outcome?: KeyAuthImportOutcome; page: number },
) {
  return useQuery(
    queryOptions({
      queryKey: [...keyAuthImportsKey(appId), 'rows', importId, filter],
      queryFn: ({ signal }) =>
        apiRequest<AdminList<KeyAuthImportRow>>(
          `${importsPath(appId)}/${encodeURIComponent(importId)}/rows${toQueryString({ ...filter, limit: PREVIEW_ROWS })}`,
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  );
}

/** POST .../keyauth-imports: the file, with upload progress. */
export function useUploadKeyAuthImport(appId: string, onProgress: (progress: UploadProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return sendFileForm<KeyAuthImport>('POST', importsPath(appId), form, onProgress);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyAuthImportsKey(appId) }),
  });
}

/** POST .../keyauth-imports/{importId}/commit with the level of each subscription name. */
export function useCommitKeyAuthImport(appId: string, importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levels: Record<string, number>) =>
      apiRequest<AdminSuccess<KeyAuthImport>>(`${importsPath(appId)}/${encodeURIComponent(importId)}/commit`, {
        method: 'POST',
        body: { levels },
      }).then((res) => res.data),
    // Once committed the app has new users and keys: every list of the app may be stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
