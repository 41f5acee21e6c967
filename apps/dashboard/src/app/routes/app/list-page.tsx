import { useState, type ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The frame of an app's list page: its title (the document's too), what it
 * lists, a primary button that opens the page's create dialog, the filters
 * above the list, and the list. Without `canCreate` (the caller's role may
 * not create) there is no button.
 */
export function ListPage({
  title,
  description,
  createLabel,
  createDialog,
  canCreate = true,
  filters,
  children,
}: {
  title: string;
  description: string;
  createLabel: string;
  /** The create dialog, open while the button's dialog is. */
  createDialog: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
  canCreate?: boolean;
  filters?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          canCreate ? (
            <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
              {createLabel}
            </button>
          ) : null
        }
      />
      {filters ? <div className="toolbar">{filters}</div> : null}
      {children}
      {canCreate ? createDialog(creating, setCreating) : null}
    </>
  );
}
