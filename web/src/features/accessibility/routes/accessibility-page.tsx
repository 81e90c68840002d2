import { Container, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ACCESSIBILITY_PAGE_TITLE, CONTACT_EMAIL, PRODUCT_NAME } from '@solutionz/shared';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The subject line a report by e-mail starts with, so it reaches whoever answers accessibility problems. */
const REPORT_SUBJECT = 'Accessibility problem';

const HOW_WE_TEST = [
  'Browser tests run axe, an automated checker, on the pages people use most, signed out and signed in, and fail on any serious or critical finding.',
  'Key journeys, such as searching from the home page and browsing the directory, are tested using the keyboard alone.',
  'Screenshot tests look at the public and account pages on a 390 px wide phone and a 1280 px wide desktop, and check that nothing runs off the screen or out of its box.',
] as const;

const KNOWN_LIMITS = [
  'Photos in portfolios and in messages are described by their place and their item or sender ("Image 2 of 3 from Sam"), not by what they show: there is no way yet to add a text description to a photo.',
  'Videos that providers add to their portfolios have no captions or transcripts.',
  'Payment takes place on the checkout page of our payment provider, Stripe, which we do not build or test.',
  'The automated checks cover the rules of WCAG 2.0 and 2.1. The criteria new in WCAG 2.2, such as target size and focus not obscured, are covered only where the keyboard and screenshot tests look, not page by page.',
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

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <List.Root gap="2" ps="5">
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** /accessibility (docs/product/site.md#accessibility-statement): the standard aimed at, how it is tested, known limits, how to report a problem. */
export function AccessibilityPage() {
  useDocumentTitle(ACCESSIBILITY_PAGE_TITLE);
  const reportHref = `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(REPORT_SUBJECT)}`;
  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        <Stack gap="3">
          <Heading as="h1" size="3xl">
            Accessibility statement
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            We want everyone to be able to find a professional, post a job and run a listing on {PRODUCT_NAME}, whatever device or assistive technology they
            use.
          </Text>
        </Stack>

        <Section id="standard-heading" title="The standard we aim for">
          <Text>
            We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA across the site. You should be able to use it with the keyboard
            alone, with a screen reader, zoomed to 400% and on a small phone screen.
          </Text>
        </Section>

        <Section id="testing-heading" title="How we test">
          <Bullets items={HOW_WE_TEST} />
        </Section>

        <Section id="limits-heading" title="Known limits">
          <Text>We know of these problems and are working on them:</Text>
          <Bullets items={KNOWN_LIMITS} />
        </Section>

        <Section id="report-heading" title="Report a problem">
          <Text>
            If something on the site does not work for you, or you need information in another format, e-mail{' '}
            <Link href={reportHref} color="brand.fg">
              {CONTACT_EMAIL}
            </Link>
            . Tell us the page's address, what you were trying to do and the device, browser and assistive technology you use.
          </Text>
          <Text>
            If you are not happy with our reply, the Equality Advisory and Support Service (EASS) can advise you on your rights under the Equality Act 2010.
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
