import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function SignupPage() {
  return <ComingSoonPage heading="Create an account" description="Join as a Solutionz Seeker to find professionals, or as a Solutionz Provider to be found." />;
}

export function LoginPage() {
  return <ComingSoonPage heading="Sign in to your account" description="Sign in as a client or as a service provider." />;
}

export function ConfirmEmailPage() {
  return <ComingSoonPage heading="Confirm your e-mail" description="Confirm your e-mail address to finish setting up your account." />;
}

export function ResetPasswordPage() {
  return <ComingSoonPage heading="Reset your password" description="Request a reset link, then choose a new password." />;
}
