import { Alert, Button, Container, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  DEFAULT_PLAN,
  MEMBERSHIP_MESSAGES,
  membershipPageNotice,
  PRODUCT_NAME,
  REDIRECT_AFTER_PAYMENT_MS,
  type MeResponse,
  type MembershipPlan,
} from '@solutionz/shared';
import type { MembershipRedirectState } from '@/components/layout/require-session';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { EmailConfirmationRequired } from '@/components/account/email-confirmation-required';
import { useSession } from '@/lib/auth/session';
import { goToExternalPage, useReturnFromExternalPage } from '@/lib/external-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import { checkoutFailure, useFollowMembershipStart, useStartCheckout } from '../api/membership';
import { CouponField, UNAPPLIED, type CouponState } from '../components/membership/coupon-field';
import { PlanChoice } from '../components/membership/plan-choice';
import { SubscriptionSummaryCard } from '../components/subscription-summary';

const BENEFITS = [
  { title: 'A listing in the directory', text: 'Clients searching for your services near them find your profile, your services and your portfolio.' },
  { title: 'Contact details of jobs', text: 'See who posted a job and how to reach them, so you can quote straight away.' },
  { title: 'Job alerts', text: 'Hear about new jobs in your categories and area as soon as they are posted.' },
] as const;

/** Pages a provider may be sent here from, by the names the interface gives them. */
const PAGE_NAMES: Readonly<Record<string, string>> = {
  [paths.profile]: 'My Profile',
  [paths.account]: 'Account Settings',
  [paths.dashboard]: 'Dashboard',
};

/** A return flag from Stripe (`?success=true`, `?canceled=1`, or just `?canceled`). */
const flagged = (params: URLSearchParams, name: string) => params.has(name) && params.get(name) !== 'false';

function isMembershipRedirect(state: unknown): state is MembershipRedirectState {
  return typeof state === 'object' && state !== null && (state as Partial<MembershipRedirectState>).redirectReason === 'subscription_required';
}

/** /membership (docs/product/membership.md#the-membership-page): the two plans, a coupon and the way to Stripe's checkout, and the returns from it. */
export function MembershipPage() {
  useDocumentTitle(`Membership | ${PRODUCT_NAME}`);
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  const session = useSession();
  const profile = session.status === 'signedIn' ? session.profile : undefined;
  const paid = flagged(searchParams, 'success');
  const notice = membershipPageNotice(searchParams.get('message'));

  let body: ReactNode;
  if (!profile) body = null;
  else if (paid) body = <PaymentReceived profile={profile} />;
  else if (profile.subscription.isSubscribed) body = <CurrentMembership profile={profile} />;
  else body = <Checkout unconfirmedEmail={profile.emailConfirmed ? undefined : profile.email} />;

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="8">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            {MEMBERSHIP_MESSAGES.title}
          </Heading>
          <Text color="fg.muted">Appear in the directory and see job contact details with a monthly or yearly membership.</Text>
        </Stack>
        {isMembershipRedirect(state) && !paid && <SubscriptionRequiredNotice from={state.redirectFrom} />}
        {flagged(searchParams, 'canceled') && !paid && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{MEMBERSHIP_MESSAGES.canceled}</Alert.Description>
          </Alert.Root>
        )}
        {notice && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Description>{notice}</Alert.Description>
          </Alert.Root>
        )}
        {body}
        <Benefits />
      </Stack>
    </Container>
  );
}

function SubscriptionRequiredNotice({ from }: { from: string }) {
  const pathname = from.split(/[?#]/)[0] ?? from;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Description>
        {MEMBERSHIP_MESSAGES.subscriptionRequired} You were sent here from {PAGE_NAMES[pathname] ?? from}.
      </Alert.Description>
    </Alert.Root>
  );
}

/** The plans and the coupon. FIRST100 goes to confirmed addresses only: until then the reason stands where the code would go. */
function Checkout({ unconfirmedEmail }: { unconfirmedEmail?: string }) {
  const [plan, setPlan] = useState<MembershipPlan>(DEFAULT_PLAN);
  const [couponCode, setCouponCode] = useState('');
  const [coupon, setCoupon] = useState<CouponState>(UNAPPLIED);
  const checkout = useStartCheckout();
  useReturnFromExternalPage(checkout.reset);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = coupon.status === 'applied' ? coupon.code : couponCode.trim();
    checkout.mutate(
      { plan, couponCode: code || null },
      {
        onSuccess: ({ url }) => goToExternalPage(url),
        onError: (error) => {
          const failure = checkoutFailure(error);
          if (failure.clearsCoupon) {
            setCouponCode('');
            setCoupon(UNAPPLIED);
          }
          toastFailure(error, { title: MEMBERSHIP_MESSAGES.checkoutErrorToast, description: failure.message });
        },
      },
    );
  };
  const leaving = checkout.isPending || checkout.isSuccess;

  return (
    <Stack as="form" gap="6" onSubmit={submit} aria-label="Membership checkout">
      <PlanChoice value={plan} onChange={setPlan} disabled={leaving} />
      {unconfirmedEmail ? (
        <EmailConfirmationRequired email={unconfirmedEmail} about={MEMBERSHIP_MESSAGES.couponNeedsConfirmedEmail} />
      ) : (
        <CouponField code={couponCode} state={coupon} onCodeChange={setCouponCode} onStateChange={setCoupon} disabled={leaving} />
      )}
      <Stack gap="2" align="start">
        <Button type="submit" size="lg" loading={leaving} loadingText="Redirecting to checkout...">
          Continue to Checkout
        </Button>
        <Text color="fg.muted" fontSize="sm">
          You pay on Stripe's secure checkout page and come straight back here.
        </Text>
      </Stack>
    </Stack>
  );
}

function CurrentMembership({ profile }: { profile: MeResponse }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        Your membership
      </Heading>
      <Text color="fg.muted">You already have a membership; manage or cancel it here.</Text>
      <SubscriptionSummaryCard subscription={profile.subscription} returnTo="account" />
    </Stack>
  );
}

/** Back from a paid checkout: say so, follow the membership's start, then show the provider their listing. */
function PaymentReceived({ profile }: { profile: MeResponse }) {
  const navigate = useNavigate();
  const followMembershipStart = useFollowMembershipStart();
  const followed = useRef(false);
  const { userId } = profile;

  useEffect(() => {
    if (followed.current) return;
    followed.current = true;
    followMembershipStart();
  }, [followMembershipStart]);

  useEffect(() => {
    // Out of React's commit (the toaster renders synchronously); the id makes the development double effect show one toast.
    queueMicrotask(() => toaster.success({ id: 'membership-payment-success', ...MEMBERSHIP_MESSAGES.success }));
    const timer = window.setTimeout(() => void navigate(paths.provider(userId), { replace: true }), REDIRECT_AFTER_PAYMENT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, userId]);

  return (
    <Stack direction="row" gap="3" align="center" role="status" p="6" borderWidth="1px" borderRadius="lg">
      <Spinner size="sm" color="brand.solid" />
      <Text>Your payment went through. Taking you to your directory listing...</Text>
    </Stack>
  );
}

function Benefits() {
  return (
    <Stack as="section" gap="3" aria-labelledby="membership-benefits">
      <Heading as="h2" size="lg" id="membership-benefits">
        What membership gives you
      </Heading>
      <List.Root gap="3" ps="5">
        {BENEFITS.map((benefit) => (
          <List.Item key={benefit.title}>
            <Text as="span" fontWeight="semibold">
              {benefit.title}
            </Text>
            : {benefit.text}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
