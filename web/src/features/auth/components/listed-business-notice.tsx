import { Alert, Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { SIGNUP_LISTED_BUSINESS_MESSAGES as M } from '@solutionz/shared';
import { paths } from '@/config/paths';

/** A business of the sign-up search that an admin listed and nobody has claimed: the person picked it by name. */
export interface ListedBusiness {
  readonly id: string;
  readonly businessName: string;
}

/**
 * Shown under the business name once the person picks a business an admin listed and nobody has claimed
 * (docs/product/claims.md#finding-the-claim-page): its owner claims it rather than signing up a second listing of it.
 * The form is not sent until they claim it or say theirs is a different business.
 */
export function ListedBusinessNotice({ business, onDifferent }: { business: ListedBusiness; onDifferent: () => void }) {
  return (
    <Alert.Root status="info" alignItems="start">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{M.listed(business.businessName)}</Alert.Title>
        <Alert.Description>{M.explain}</Alert.Description>
        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="sm">
            <RouterLink to={paths.claimBusinessFor(business.id)}>{M.claim}</RouterLink>
          </Button>
          <Button size="sm" variant="outline" onClick={onDifferent}>
            {M.different}
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
