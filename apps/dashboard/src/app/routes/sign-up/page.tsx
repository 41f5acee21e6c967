import { getRouteApi, useRouter } from '@tanstack/react-router';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../../layout';

const route = getRouteApi('/sign-up');

export function SignUpPage() {
  useDocumentTitle('Create an account');
  const { redirect } = route.useSearch();
  const router = useRouter();
  return (
    <AuthLayout>
      <SignUpForm onSuccess={() => router.history.replace(redirect ?? '/apps')} />
    </AuthLayout>
  );
}
