import {
  PAGE_DEFAULT_LIMIT,
  type AdminList,
  type AdminSuccess,
  type CreateJobRequest,
  type Job,
  type JobPreview,
} from '@latchkey/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, appPath, toQueryString } from '@/lib/api-client';
import { appScope } from '@/lib/query-keys';
import { sendFileForm } from '@/lib/upload-request';

/** How often a job on screen is read again while it runs. */
const POLL_MS = 1000;

function jobsPath(appId: string) {
  return appPath(appId, 'jobs');
}

export function jobsKey(appId: string) {
  return [...appScope(appId), 'jobs'] as const;
}

export function isRunning(job: Job): boolean {
  return job.status === 'queued' || job.status === 'running';
}

/** GET .../jobs: one page of the app's jobs, newest first, read again every second while one of them runs. */
export function useJobs(appId: string, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...jobsKey(appId), 'list', { page }],
      queryFn: ({ signal }) =>
        apiRequest<AdminList<Job>>(`${jobsPath(appId)}${toQueryString({ page, limit: PAGE_DEFAULT_LIMIT })}`, {
          signal,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.data.some(isRunning) ? POLL_MS : false),
    }),
  );
}

/** GET .../jobs/{jobId}, read again every second until the job ends. */
export function useJob(appId: string, jobId: string | null) {
  return useQuery({
    queryKey: [...jobsKey(appId), 'detail', jobId],
    queryFn: ({ signal }) =>
      apiRequest<AdminSuccess<Job>>(`${jobsPath(appId)}/${encodeURIComponent(jobId!)}`, { signal }).then(
        (res) => res.data,
      ),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && !isRunning(query.state.data) ? false : POLL_MS),
  });
}

/**
 * POST .../jobs/preview: the dry run of a job, how many records it would
 * change now (the API refuses its body as it would refuse the job's).
 */
export function usePreviewJob(appId: string) {
  return useMutation({
    mutationFn: (body: CreateJobRequest) =>
      apiRequest<AdminSuccess<JobPreview>>(`${jobsPath(appId)}/preview`, { method: 'POST', body }).then(
        (res) => res.data,
      ),
  });
}

/** POST .../jobs, or the CSV upload of an import (POST .../jobs/import). */
export function useStartJob(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateJobRequest | { type: 'licenses.import'; file: File }) => {
      if ('file' in input) {
        const form = new FormData();
        form.append('file', input.file, input.file.name);
        return sendFileForm<Job>('POST', `${jobsPath(appId)}/import`, form);
      }
      return apiRequest<AdminSuccess<Job>>(jobsPath(appId), { method: 'POST', body: input }).then((res) => res.data);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKey(appId) }),
  });
}

/** POST .../jobs/{jobId}/cancel: the worker stops the job before its next batch. */
export function useCancelJob(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      apiRequest<AdminSuccess<Job>>(`${jobsPath(appId)}/${encodeURIComponent(jobId)}/cancel`, { method: 'POST' }),
    // A finished job changed keys or users: every list of the app may be stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appScope(appId) }),
  });
}
