import { useNavigate } from '@tanstack/react-router';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AuthLayout } from '../../layout';

export function SignUpPage() {
  useDocumentTitle('Create an account');
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <SignUpForm onSuccess={() => void navigate({ to: '/apps', replace: true })} />
    </AuthLayout>
  );
}
