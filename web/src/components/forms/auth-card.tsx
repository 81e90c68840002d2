import { Box, Container, Heading, Stack, Text, type ContainerProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@solutionz/shared';
import { useDocumentTitle } from '@/lib/use-document-title';

export interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** How wide the card may grow (admin sign-in uses a narrower one). */
  maxW?: ContainerProps['maxW'];
  children: ReactNode;
}

/** The frame of the account screens: titled card, centred, one h1. */
export function AuthCard({ title, description, maxW = 'lg', children }: AuthCardProps) {
  useDocumentTitle(`${title} | ${PRODUCT_NAME}`);
  return (
    <Container maxW={maxW} py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      <Box borderWidth="1px" borderRadius="xl" bg="bg.panel" boxShadow="sm" p={{ base: '5', md: '8' }}>
        <Stack gap="6">
          <Stack gap="2" textAlign="center">
            <Heading as="h1" size="2xl">
              {title}
            </Heading>
            {description && <Text color="fg.muted">{description}</Text>}
          </Stack>
          {children}
        </Stack>
      </Box>
    </Container>
  );
}
