import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled part of a tab of the own profile (About, Services). */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2">
      <Heading as="h3" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
