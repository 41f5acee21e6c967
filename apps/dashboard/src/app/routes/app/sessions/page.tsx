import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SessionsPage() {
  useDocumentTitle('Sessions');
  return <ComingSoon title="Sessions" />;
}
