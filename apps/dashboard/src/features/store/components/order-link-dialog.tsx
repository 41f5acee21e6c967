import { CopyField } from '@/components/ui/copy-field';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { formatDateTimeParts } from '@/lib/format';
import type { OrderPageLink } from '../api/store-orders';

/** A fresh link to the buyer's order page, to hand to a buyer who lost theirs; it works until `expiresAt`. */
export function OrderLinkDialog({ link, onClose }: { link: OrderPageLink | null; onClose: () => void }) {
  return (
    <Dialog
      open={link !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Order page link"
      description="The buyer sees the order’s keys on this page. Anyone with the link does: send it to the buyer only."
      wide
    >
      {link ? (
        <div className="stack">
          <CopyField
            label="Order page link"
            value={link.url}
            hint={`Works until ${formatDateTimeParts(link.expiresAt).join(' ')}; make a new one after that.`}
          />
          <DialogFooter>
            <button type="button" className="button button-secondary" onClick={onClose}>
              Done
            </button>
          </DialogFooter>
        </div>
      ) : null}
    </Dialog>
  );
}
