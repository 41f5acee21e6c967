import { useState } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { FilesTable } from '@/features/files/components/files-table';
import { UploadFileDialog } from '@/features/files/components/upload-file-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';
import { filesRoute } from './route';

export function FilesPage() {
  useDocumentTitle('Files');
  const { appId } = filesRoute.useParams();
  const { page = 1 } = filesRoute.useSearch();
  const navigate = filesRoute.useNavigate();
  const [uploading, setUploading] = useState(false);

  return (
    <>
      <PageHeader
        title="Files"
        description="Encrypted at rest; signed-in users of a high enough level download them through single-use links."
        actions={
          <button type="button" className="button button-primary" onClick={() => setUploading(true)}>
            Upload file
          </button>
        }
      />
      <FilesTable
        appId={appId}
        page={page}
        onPageChange={(next) => void navigate({ search: (prev) => ({ ...prev, page: next }) })}
      />
      <UploadFileDialog appId={appId} open={uploading} onOpenChange={setUploading} />
    </>
  );
}
