import { paths } from '@/config/paths';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { navigate } from '@/lib/navigation';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../layout';

export function SignUpRoute() {
  useDocumentTitle('Create an account');
  return (
    <AuthLayout>
      <SignUpForm onSuccess={() => navigate(paths.apps.getHref(), { replace: true })} />
    </AuthLayout>
  );
}
