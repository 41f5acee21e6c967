import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function BlacklistPage() {
  useDocumentTitle('Blacklist');
  return <ComingSoon title="Blacklist" />;
}
