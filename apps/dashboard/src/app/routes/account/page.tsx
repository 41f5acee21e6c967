import { PageHeader } from '@/components/ui/page-header';
import { PasskeysSection } from '@/features/account/components/passkeys-section';
import { PasswordSection } from '@/features/account/components/password-section';
import { SignInHistorySection } from '@/features/account/components/sign-in-history-section';
import { SignInsSection } from '@/features/account/components/sign-ins-section';
import { TokensSection } from '@/features/account/components/tokens-section';
import { TwoFactorSection } from '@/features/account/components/two-factor-section';
import { useDocumentTitle } from '@/lib/use-document-title';

export function AccountPage() {
  useDocumentTitle('Account');
  return (
    <div className="stack-lg">
      <PageHeader
        title="Account"
        description="Your password, two-factor authentication, sign-ins and personal access tokens."
      />
      <PasswordSection />
      <TwoFactorSection />
      <PasskeysSection />
      <SignInsSection />
      <SignInHistorySection />
      <TokensSection />
    </div>
  );
}
