import { getRouteApi, useRouter } from '@tanstack/react-router';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../../layout';

const route = getRouteApi('/sign-in');

export function SignInPage() {
  useDocumentTitle('Sign in');
  const { redirect } = route.useSearch();
  const router = useRouter();
  return (
    <AuthLayout>
      <SignInForm onSuccess={() => router.history.replace(redirect ?? '/apps')} />
    </AuthLayout>
  );
}
