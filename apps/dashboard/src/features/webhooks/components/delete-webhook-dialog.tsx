import type { Webhook } from '@latchkey/contracts';
import { RowConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';

/** Confirms deleting `webhook` (open while it is set); `onDeleted` runs after the API agreed. */
export function DeleteWebhookDialog({
  appId,
  webhook,
  onClose,
  onDeleted,
}: {
  appId: string;
  webhook: Webhook | null;
  onClose: () => void;
  onDeleted?: () => Promise<void>;
}) {
  const deleteMutation = useDeleteWebhook(appId);
  return (
    <RowConfirmDialog
      row={webhook}
      onClose={onClose}
      title="Delete this webhook?"
      description={
        <>
          <span className="break">{webhook?.url}</span> gets no more events, and its delivery log is deleted with it.
          This cannot be undone.
        </>
      }
      confirmLabel="Delete webhook"
      onConfirm={async (row) => {
        await deleteMutation.mutateAsync(row.id);
        await onDeleted?.();
        toast.success('Webhook deleted');
      }}
    />
  );
}
