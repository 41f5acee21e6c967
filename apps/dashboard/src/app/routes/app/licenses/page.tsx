import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LicensesPage() {
  useDocumentTitle('Licenses');
  return <ComingSoon title="Licenses" />;
}
