import { ComingSoon } from '@/components/coming-soon';
import { useDocumentTitle } from '@/lib/use-document-title';

export function SettingsPage() {
  useDocumentTitle('Settings');
  return <ComingSoon title="Settings" />;
}
