import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LogsPage() {
  useDocumentTitle('Logs');
  return <ComingSoon title="Logs" />;
}
