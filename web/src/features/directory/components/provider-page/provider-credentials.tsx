import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheckIcon } from 'lucide-react';
import { isExpired } from '@solutionz/shared';
import { CredentialFacts, credentialDay } from '@/entities/credentials/credential-facts';
import { publicRead } from '@/lib/api-client';

/**
 * The provider's checked credentials (docs/product/credentials.md#on-the-provider-page): each with the day an
 * administrator checked it and its expiry. The API answers only checked ones that have not expired; the page also
 * drops one whose expiry day passes while it is open. Nothing unchecked is ever shown here.
 */
export function ProviderCredentials({ providerId }: { providerId: string }) {
  const credentials = useQuery({
    queryKey: ['provider-credentials', providerId],
    queryFn: ({ signal }) => publicRead('getProviderCredentials', { params: { providerId }, signal }),
    retry: false,
  });
  const shown = (credentials.data?.credentials ?? []).filter((credential) => !isExpired(credential.expiresOn, new Date()));
  if (shown.length === 0) return null;
  return (
    <Stack as="section" gap="2" aria-labelledby="checked-credentials">
      <Heading as="h2" size="md" id="checked-credentials">
        Checked credentials
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none">
        {shown.map((credential) => (
          <Box as="li" key={credential.id} borderWidth="1px" borderRadius="lg" p="4">
            <HStack align="flex-start" gap="3">
              <Box color="green.700" pt="1">
                <ShieldCheckIcon aria-hidden="true" size="20" />
              </Box>
              <Stack gap="1" minW="0">
                <CredentialFacts credential={credential} />
                <Text fontSize="sm" color="green.800" fontWeight="medium">
                  Checked on {credentialDay(credential.checkedOn)}
                </Text>
              </Stack>
            </HStack>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
