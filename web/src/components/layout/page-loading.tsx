import { Box, Skeleton, Stack } from '@chakra-ui/react';

/** Shown while a route's code or the session loads. */
export function PageLoading() {
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="10" aria-busy="true" aria-label="Loading">
      <Stack gap="4">
        <Skeleton height="10" width="60%" />
        <Skeleton height="5" />
        <Skeleton height="5" width="80%" />
      </Stack>
    </Box>
  );
}
