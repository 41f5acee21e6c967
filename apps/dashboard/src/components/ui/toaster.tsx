import { Toast } from 'radix-ui';
import { toast, useToasts } from '@/lib/toast';
import './toaster.css';

/** Renders the toasts of `toast.success()` / `toast.error()`; mounted once by the app provider. */
export function Toaster() {
  const items = useToasts();
  return (
    <Toast.Provider swipeDirection="right" duration={5000}>
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          className={`toast toast-${item.kind}`}
          type={item.kind === 'error' ? 'foreground' : 'background'}
          duration={item.kind === 'error' ? 8000 : 5000}
          onOpenChange={(open) => {
            if (!open) toast.dismiss(item.id);
          }}
        >
          <Toast.Description className="toast-message" data-testid={`toast-${item.kind}`}>
            {item.message}
          </Toast.Description>
          <Toast.Close className="icon-button" aria-label="Dismiss">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
