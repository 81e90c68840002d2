import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface EmptyStateProps {
  title: string;
  /** What will be here once there is something. */
  description: string;
  /** Where the person can act now: a link, or a button of the caller's own. */
  action?: { label: string; to: string } | ReactNode;
  headingLevel?: 'h3' | 'h4';
}

const isLink = (action: EmptyStateProps['action']): action is { label: string; to: string } =>
  typeof action === 'object' && action !== null && 'to' in action && 'label' in action;

/** A section with nothing in it yet, said plainly, with the next step. */
export function EmptyState({ title, description, action, headingLevel = 'h3' }: EmptyStateProps) {
  return (
    <Stack gap="3" align="center" textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <Heading as={headingLevel} size="md">
        {title}
      </Heading>
      <Text color="fg.muted" maxW="md">
        {description}
      </Text>
      {isLink(action) ? (
        <Button asChild size="sm" mt="1">
          <RouterLink to={action.to}>{action.label}</RouterLink>
        </Button>
      ) : (
        action
      )}
    </Stack>
  );
}
