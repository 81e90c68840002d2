import { HStack, Stack, Text } from '@chakra-ui/react';
import { MessageCircleIcon } from 'lucide-react';
import { RESPONSE_TIME_MESSAGES, responseTimeText, type ResponseTime } from '@solutionz/shared';

export interface ResponseTimeLineProps {
  responseTime: ResponseTime;
  /** The provider page explains how the figure is measured, in one sentence. */
  withMethod?: boolean;
}

/**
 * How fast a provider replies, as measured from messages (docs/product/messages.md#response-times): "Usually replies within 3 hours" and
 * the reply rate, or "New on Solutionz" while too few clients have written.
 */
export function ResponseTimeLine({ responseTime, withMethod = false }: ResponseTimeLineProps) {
  const { headline, rate } = responseTimeText(responseTime);
  return (
    <Stack gap="0.5" fontSize="sm" data-testid="response-time">
      <HStack gap="1.5" color={responseTime === null ? 'fg.muted' : 'fg'} flexWrap="wrap">
        <MessageCircleIcon aria-hidden="true" />
        <Text fontWeight="medium">{headline}</Text>
        {rate && <Text color="fg.muted">· {rate}</Text>}
      </HStack>
      {withMethod && (
        <Text color="fg.muted" fontSize="xs" maxW="prose">
          {RESPONSE_TIME_MESSAGES.method}
        </Text>
      )}
    </Stack>
  );
}
