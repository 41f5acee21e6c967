import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  return <ComingSoon title="Webhooks" />;
}
