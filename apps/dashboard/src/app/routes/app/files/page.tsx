import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function FilesPage() {
  useDocumentTitle('Files');
  return <ComingSoon title="Files" />;
}
