import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function OverviewPage() {
  useDocumentTitle('Overview');
  return <ComingSoon title="Overview" />;
}
