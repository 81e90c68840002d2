import { Box, Container, Grid, Skeleton, SkeletonCircle, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FEEDBACK_MESSAGES, PROVIDER_PROFILE_MESSAGES, providerPageTitle, type MyProviderPage, type ProviderProfile } from '@solutionz/shared';
import { AppTabs } from '@/components/ui/app-tabs';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useSession } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isNotAvailable, isOwnPage, useProviderPage } from '../api/provider-page';
import { ProfileNotAvailable } from '../components/provider-page/profile-not-available';
import { ProviderAbout } from '../components/provider-page/provider-about';
import { ProviderHeader } from '../components/provider-page/provider-header';
import { OwnerCard, VisitorCard } from '../components/provider-page/side-card';
import { viewerOf, type Viewer } from '../components/provider-page/viewer';

/** A page that could not be read at all (not merely unlisted). */
const PROFILE_LOAD_FAILED = {
  title: 'Profile not found',
  description: "The provider profile you're looking for doesn't exist or isn't accessible.",
} as const;

const PROVIDER_TABS = ['about', 'portfolio', 'feedback'] as const;
export type ProviderTab = (typeof PROVIDER_TABS)[number];

const TAB_LABELS: Record<ProviderTab, string> = { about: 'About', portfolio: 'Portfolio', feedback: 'Feedback' };

/**
 * The tab the address asks for: `?tab=` so a tab can be linked to; `action=contact` opens About
 * (docs/product/provider-profile.md#what-the-page-shows) and `action=feedback` opens Feedback with the form, where a login comes back to.
 */
export function tabFromAddress(params: URLSearchParams): ProviderTab {
  const action = params.get('action');
  if (action === 'contact') return 'about';
  if (action === 'feedback') return 'feedback';
  const tab = params.get('tab');
  return PROVIDER_TABS.find((each) => each === tab) ?? 'about';
}

/** The address of the page with one tab open; About, the first, needs no parameter. */
export function addressWithTab(params: URLSearchParams, tab: ProviderTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('action');
  if (tab === 'about') next.delete('tab');
  else next.set('tab', tab);
  return next;
}

/** The page's own address for leaving feedback, where a login brings the visitor back to. */
const feedbackPath = (providerId: string) => `${paths.provider(providerId)}?action=feedback`;

// The tabs past the first load when opened (Tabs lazyMount): their forms, schemas and the gallery are not part of
// what a visitor's phone runs to show the page.
const FeedbackTab = lazy(() => import('../components/feedback/feedback-tab').then(({ FeedbackTab: Tab }) => ({ default: Tab })));
const PortfolioTab = lazy(() => import('@/entities/portfolio/components/portfolio-tab').then(({ PortfolioTab: Tab }) => ({ default: Tab })));

/** A tab's place while its code arrives. */
function TabLoading() {
  return (
    <Stack gap="3" role="status" aria-label={PROVIDER_PROFILE_MESSAGES.loading}>
      <Skeleton height="5" width="60%" />
      <Skeleton height="20" />
    </Stack>
  );
}

function ProfileLoading() {
  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Text role="status" color="fg.muted">
          {PROVIDER_PROFILE_MESSAGES.loading}
        </Text>
        <Stack direction="row" gap="5" align="center" aria-hidden="true">
          <SkeletonCircle size="24" />
          <Stack gap="3" flex="1">
            <Skeleton height="8" width="50%" />
            <Skeleton height="5" width="30%" />
          </Stack>
        </Stack>
        <Skeleton height="40" aria-hidden="true" />
      </Stack>
    </Container>
  );
}

interface ProviderPageViewProps {
  page: ProviderProfile | MyProviderPage;
  viewer: Viewer;
}

function ProviderPageView({ page, viewer }: ProviderPageViewProps) {
  useDocumentTitle(providerPageTitle(page));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = tabFromAddress(params);
  const [feedbackFormOpen, setFeedbackFormOpen] = useState(params.get('action') === 'feedback');
  const contactRef = useRef<HTMLDivElement>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  const wantsContact = params.get('action') === 'contact';

  useEffect(() => {
    if (!wantsContact) return;
    contactRef.current?.scrollIntoView({ block: 'center' });
    contactRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [wantsContact]);

  const selectTab = (next: ProviderTab) => setParams((current) => addressWithTab(current, next), { replace: true });

  const leaveFeedback = () => {
    if (viewer.kind === 'visitor') {
      toaster.info({ title: FEEDBACK_MESSAGES.loginRequired.title, description: FEEDBACK_MESSAGES.loginRequired.description });
      void navigate(loginPathReturningTo(feedbackPath(page.id)));
      return;
    }
    setFeedbackFormOpen(true);
    selectTab('feedback');
    tabsRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="8">
        <Breadcrumbs trail={[{ label: PROVIDER_PROFILE_MESSAGES.breadcrumb, to: paths.directory }]} current={page.displayName} />

        <ProviderHeader page={page} />

        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 20rem' }} gap="8" alignItems="start">
          <Box ref={tabsRef} minW="0">
            <AppTabs.Root value={tab} onValueChange={(value) => selectTab(value as ProviderTab)} variant="line" lazyMount>
              <AppTabs.List aria-label="Profile sections" overflowX="auto">
                {PROVIDER_TABS.map((value) => (
                  <AppTabs.Trigger key={value} value={value} flexShrink="0">
                    {TAB_LABELS[value]}
                  </AppTabs.Trigger>
                ))}
              </AppTabs.List>
              <AppTabs.Content value="about" pt="6">
                <ProviderAbout page={page} />
              </AppTabs.Content>
              <AppTabs.Content value="portfolio" pt="6">
                <Suspense fallback={<TabLoading />}>
                  <PortfolioTab providerId={page.id} isOwner={viewer.kind === 'owner'} />
                </Suspense>
              </AppTabs.Content>
              <AppTabs.Content value="feedback" pt="6">
                <Suspense fallback={<TabLoading />}>
                  <FeedbackTab
                    providerId={page.id}
                    providerName={page.displayName}
                    viewer={viewer}
                    formOpen={feedbackFormOpen}
                    onFormOpenChange={setFeedbackFormOpen}
                    loginPath={`${paths.login}?${new URLSearchParams({ redirect: feedbackPath(page.id) }).toString()}`}
                  />
                </Suspense>
              </AppTabs.Content>
            </AppTabs.Root>
          </Box>
          <Box as="aside" aria-label={viewer.kind === 'owner' ? 'Your profile' : `About working with ${page.displayName}`}>
            {viewer.kind === 'owner' && isOwnPage(page) ? (
              <OwnerCard page={page} />
            ) : viewer.kind !== 'owner' ? (
              <VisitorCard ref={contactRef} page={page} viewer={viewer} onLeaveFeedback={leaveFeedback} messageOnOpen={params.get('action') === 'message'} />
            ) : null}
          </Box>
        </Grid>
      </Stack>
    </Container>
  );
}

/**
 * A provider's page asked for without an id (a blank one): a signed-in provider's own page. Anyone else has no page of
 * their own, so they get the directory's list rather than 'Profile Not Available'.
 */
function PageWithoutId() {
  const session = useSession();
  if (session.status === 'loading') return <ProfileLoading />;
  const ownId = session.status === 'signedIn' && viewerOf(session, session.user.userId)?.kind === 'owner' ? session.user.userId : undefined;
  return <Navigate to={ownId ? paths.provider(ownId) : paths.directory} replace />;
}

/**
 * /directory/{id} (docs/product/provider-profile.md): the provider's public page. Anyone sees a
 * listed provider; the owner always sees their own (through their own route); anyone else sees
 * 'Profile Not Available'. A page that cannot be read at all is reported and left for the directory.
 */
export function ProviderProfilePage() {
  const { id = '' } = useParams();
  return id.trim() ? <ProviderPageAt id={id} /> : <PageWithoutId />;
}

function ProviderPageAt({ id }: { id: string }) {
  const navigate = useNavigate();
  const session = useSession();
  const viewer = viewerOf(session, id);
  const page = useProviderPage(id, viewer && { owner: viewer.kind === 'owner', userId: 'userId' in viewer ? viewer.userId : undefined });
  const failed = page.isError && !isNotAvailable(page.error);

  useEffect(() => {
    if (!failed) return;
    // Out of React's commit (the toaster renders synchronously); the id keeps the development double effect to one toast.
    queueMicrotask(() => toaster.error({ id: 'provider-page-load-failed', ...PROFILE_LOAD_FAILED }));
    void navigate(paths.directory, { replace: true });
  }, [failed, navigate]);

  // A claimed business's old address answers with the page it moved to: the address follows.
  const movedTo = page.data && page.data.id !== id ? page.data.id : undefined;
  const { search } = useLocation();
  useEffect(() => {
    if (movedTo) void navigate(`${paths.provider(movedTo)}${search}`, { replace: true });
  }, [movedTo, search, navigate]);

  // While the session is read, a page whose answer is already here (the server rendered it) shows as the server rendered it.
  if (page.data) return <ProviderPageView page={page.data} viewer={viewer ?? { kind: 'pending' }} />;
  if (page.isError && isNotAvailable(page.error)) return <ProfileNotAvailable />;
  return <ProfileLoading />;
}
