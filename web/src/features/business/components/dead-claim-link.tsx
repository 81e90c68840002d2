import { Alert, Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CLAIM_MESSAGES } from '@solutionz/shared';
import { paths } from '@/config/paths';

/** A claim link that is unknown, expired, used or cancelled: the API's own words, and a way on. */
export function DeadClaimLink() {
  return (
    <Stack gap="4">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Description>{CLAIM_MESSAGES.linkInvalid}</Alert.Description>
      </Alert.Root>
      <Button asChild variant="outline">
        <RouterLink to={paths.directory}>Find Professionals</RouterLink>
      </Button>
    </Stack>
  );
}
