import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { BadgeCheckIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';

/**
 * A business an admin listed that nobody has claimed yet (docs/product/claims.md#finding-the-claim-page): its owner
 * claims it from its page. The API says whether the page is claimable; the claim page asks again before its form.
 */
export function ClaimCard({ businessId, businessName }: { businessId: string; businessName: string }) {
  return (
    <Stack as="section" aria-labelledby="claim-card-heading" gap="3" p="5" borderWidth="1px" borderRadius="xl" bg="bg.panel">
      <Heading as="h2" id="claim-card-heading" size="md">
        Is this your business?
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {businessName} was listed by our team. Claim it to manage its page yourself.
      </Text>
      <Button asChild variant="outline">
        <RouterLink to={paths.claimBusinessFor(businessId)}>
          <BadgeCheckIcon aria-hidden="true" />
          Claim it
        </RouterLink>
      </Button>
    </Stack>
  );
}
