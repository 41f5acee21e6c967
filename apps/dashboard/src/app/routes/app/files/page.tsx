import { getRouteApi } from '@tanstack/react-router';
import { FilesTable } from '@/features/files/components/files-table';
import { UploadFileDialog } from '@/features/files/components/upload-file-dialog';
import { pageSetter } from '@/lib/search-params';
import { useAppRole } from '@/lib/app-role';
import { ListPage } from '../list-page';

const filesRoute = getRouteApi('/dashboard/apps/$appId/files');

export function FilesPage() {
  const { appId } = filesRoute.useParams();
  const { can } = useAppRole();
  const { page = 1 } = filesRoute.useSearch();
  const navigate = filesRoute.useNavigate();
  return (
    <ListPage
      title="Files"
      description="Encrypted at rest; signed-in users of a high enough level download them through single-use links."
      createLabel="Upload file"
      canCreate={can('files.write')}
      createDialog={(open, onOpenChange) => <UploadFileDialog appId={appId} open={open} onOpenChange={onOpenChange} />}
    >
      <FilesTable appId={appId} paging={{ page, onPageChange: pageSetter(navigate) }} />
    </ListPage>
  );
}
