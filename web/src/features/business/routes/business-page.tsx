import { Box, Button, Container, Heading, HStack, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BUSINESS_PAGE_TITLE, CONTACT_EMAIL, COUPON_FIRST100, MEMBERSHIP_PLANS, PLANS, PRODUCT_NAME, YEARLY_COMPARISON_PENCE } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { formatPence } from '@/lib/money';
import { useDocumentTitle } from '@/lib/use-document-title';

const LISTING_GETS = [
  'A public page of your own with your services, skills, portfolio and the feedback clients leave.',
  'A place in the directory, found by service, category and place, nearest first, and on the category pages.',
  'The contact details of the jobs clients post on the job board, and conversations with them about those jobs.',
  'Job alerts by e-mail for the categories and area you work in.',
  'Messages from clients, and replies to the feedback they leave.',
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" id={id} size="xl">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * What the reader can do next: a visitor (and, while the session is read, everyone: the page is prerendered as a
 * visitor sees it) signs up as a provider; a provider chooses a membership. Clients and admins cannot hold a listing
 * with their account, so they are told so rather than offered a sign-up that would not work while signed in.
 */
function NextStep() {
  const session = useSession();
  if (session.status !== 'signedIn') {
    return (
      <HStack gap="3" flexWrap="wrap">
        <Button asChild>
          <RouterLink to={paths.signupProvider}>Sign up as a provider</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={paths.login}>Login</RouterLink>
        </Button>
      </HStack>
    );
  }
  const accountType = session.profile?.accountType ?? (session.user.groups.includes('provider') ? 'provider' : undefined);
  if (accountType === 'provider') {
    return (
      <Button asChild alignSelf="flex-start">
        <RouterLink to={paths.membership}>Choose your membership</RouterLink>
      </Button>
    );
  }
  return <Text>A listing belongs to a provider account. You are signed in with another kind of account: sign out to create a provider account.</Text>;
}

/** /business (docs/product/site.md#for-businesses): what a listing gets, what it costs, claiming a listed business. */
export function BusinessPage() {
  useDocumentTitle(BUSINESS_PAGE_TITLE);
  return (
    <Container maxW="4xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        <Stack gap="3">
          <Heading as="h1" size="3xl">
            {`${PRODUCT_NAME} for businesses`}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            List your business where people across the UK look for local professionals, and find the jobs they post.
          </Text>
        </Stack>

        <Section id="listing-heading" title="What a listing gets">
          <List.Root gap="2" ps="5">
            {LISTING_GETS.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List.Root>
        </Section>

        <Section id="plans-heading" title="Membership plans">
          <Text>A membership keeps you listed for as long as it runs. Cancel at any time: you stay listed until the end of the period you paid for.</Text>
          <SimpleGrid as="ul" listStyle="none" columns={{ base: 1, md: 2 }} gap="4">
            {MEMBERSHIP_PLANS.map((plan) => {
              const { label, pricePence, interval } = PLANS[plan];
              return (
                <Box as="li" key={plan} p="5" borderWidth="1px" borderRadius="lg">
                  <Heading as="h3" size="md">
                    {label}
                  </Heading>
                  <Text fontSize="2xl" fontWeight="bold">
                    {formatPence(pricePence)}
                    <Text as="span" fontSize="md" fontWeight="normal" color="fg.muted">
                      {' '}
                      a {interval}
                    </Text>
                  </Text>
                  <Text color="fg.muted" fontSize="sm">
                    {plan === 'yearly' ? `Against ${formatPence(YEARLY_COMPARISON_PENCE)} a year paying monthly.` : 'Pay as you go.'}
                  </Text>
                </Box>
              );
            })}
          </SimpleGrid>
          <Text>
            The first {COUPON_FIRST100.maxRedemptions} providers get {COUPON_FIRST100.freeMonths} months free with the code {COUPON_FIRST100.code}, while places
            last.
          </Text>
        </Section>

        <Section id="claim-heading" title="Already listed?">
          <Text>
            If we listed your business for you, claim it rather than signing up again: find it in the directory and press Claim it on its page. The claim form
            e-mails you a link, and the business becomes your provider account's. Not sure where to start? Write to{' '}
            <Link href={`mailto:${CONTACT_EMAIL}`} color="brand.fg">
              {CONTACT_EMAIL}
            </Link>
            .
          </Text>
          <Link asChild color="brand.fg" fontWeight="medium" alignSelf="flex-start">
            <RouterLink to={paths.directory}>Find your business in the directory</RouterLink>
          </Link>
        </Section>

        <Section id="start-heading" title="Get started">
          <Text>Create a provider account with your business details, confirm your e-mail address, then choose a plan.</Text>
          <NextStep />
        </Section>
      </Stack>
    </Container>
  );
}
