import type { UploadProgress } from '@/lib/upload-request';

/** A visible, labelled progress bar for an upload in flight. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="field">
      <label htmlFor="upload-progress">Uploading… {percent}%</label>
      <progress id="upload-progress" max={100} value={percent} aria-label="Upload progress">
        {percent}%
      </progress>
    </div>
  );
}
