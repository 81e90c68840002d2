import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function LoginPage() {
  return <ComingSoonPage heading="Sign in to your account" description="Sign in as a client or as a service provider." />;
}

export { SignupPage } from './signup-page';
export { ConfirmEmailPage } from './confirm-email-page';
export { ResetPasswordPage } from './reset-password-page';
