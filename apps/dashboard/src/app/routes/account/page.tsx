import { PageHeader } from '@/components/ui/page-header';
import { PasskeysSection } from '@/features/account/components/passkeys-section';
import { PasswordSection } from '@/features/account/components/password-section';
import { SignInsSection } from '@/features/account/components/sign-ins-section';
import { TokensSection } from '@/features/account/components/tokens-section';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AccountPage() {
  useDocumentTitle('Account');
  return (
    <div className="stack-lg">
      <PageHeader title="Account" description="Your password, signed-in devices and personal access tokens." />
      <PasswordSection />
      <PasskeysSection />
      <SignInsSection />
      <TokensSection />
    </div>
  );
}
