import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function VariablesPage() {
  useDocumentTitle('Variables');
  return <ComingSoon title="Variables" />;
}
