import { Button, HStack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { JOB_MESSAGES } from '@solutionz/shared';
import { EmailConfirmationRequired } from '@/components/account/email-confirmation-required';
import { AuthCard } from '@/components/forms/auth-card';
import { PageLoading } from '@/components/layout/page-loading';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useSession } from '@/lib/auth/session';
import { PostJobForm } from '../components/post-job-form';

const TITLE = 'Post a Job';

/**
 * Clients post (docs/product/jobs.md#posting-a-job); anyone else is told why, and a visitor how to sign in first. A
 * client whose address is not confirmed is told so, with the resend, before there is a form to fill.
 */
export function PostJobPage() {
  const session = useSession();
  const signedOut = session.status === 'signedOut';

  useEffect(() => {
    if (signedOut) toaster.error({ ...JOB_MESSAGES.loginRequired, id: 'post-job-login-required' });
  }, [signedOut]);

  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'signedOut') {
    return (
      <AuthCard title={TITLE} description={JOB_MESSAGES.loginRequired.description}>
        <HStack gap="3" justify="center" flexWrap="wrap">
          <Button asChild>
            <RouterLink to={loginPathReturningTo(paths.postJob)}>Sign In</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.signup}>Create Account</RouterLink>
          </Button>
        </HStack>
      </AuthCard>
    );
  }
  if (session.profileStatus === 'pending' && !session.profile) return <PageLoading />;
  const profile = session.profile;
  if (profile?.accountType !== 'client') {
    return (
      <AuthCard title={JOB_MESSAGES.clientsOnly.title}>
        <Text textAlign="center" color="fg.muted">
          {JOB_MESSAGES.clientsOnly.description}
        </Text>
        <HStack justify="center">
          <Button asChild variant="outline">
            <RouterLink to={paths.jobDirectory}>Browse Jobs</RouterLink>
          </Button>
        </HStack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={TITLE} description="Describe the work you need done and let professionals come to you." maxW="3xl">
      {profile.emailConfirmed ? <PostJobForm contactEmail={profile.email} /> : <EmailConfirmationRequired email={profile.email} />}
    </AuthCard>
  );
}
