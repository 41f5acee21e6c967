import { paths } from '@/config/paths';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { navigate } from '@/lib/navigation';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../layout';

export function SignInRoute() {
  useDocumentTitle('Sign in');
  return (
    <AuthLayout>
      <SignInForm onSuccess={() => navigate(paths.apps.getHref(), { replace: true })} />
    </AuthLayout>
  );
}
