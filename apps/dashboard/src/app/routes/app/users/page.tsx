import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function UsersPage() {
  useDocumentTitle('Users');
  return <ComingSoon title="Users" />;
}
