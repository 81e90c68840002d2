import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import {
  ADMIN_REASON_LABELS,
  RESOLVE_TIME_BUCKETS,
  shownCountText,
  TRANSPARENCY_FIGURE_TEXT,
  TRANSPARENCY_PERIOD_LABELS,
  type TransparencyPeriodFigures,
} from '@solutionz/shared';

const dayText = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** One period's figures: each count, the reasons behind those broken down by reason, and the median time to resolve a report. */
export function PeriodFigures({ period }: { period: TransparencyPeriodFigures }) {
  const title = TRANSPARENCY_PERIOD_LABELS[period.period];
  const median = period.medianResolveBucket === null ? null : RESOLVE_TIME_BUCKETS[period.medianResolveBucket]!.label;
  return (
    <Stack as="section" aria-label={title} gap="3" p="5" borderWidth="1px" borderRadius="lg">
      <Box>
        <Heading as="h3" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {period.from ? `${dayText(period.from)} to ${dayText(period.to)}` : `Up to ${dayText(period.to)}`}
        </Text>
      </Box>
      <Box as="dl" fontSize="sm">
        {period.figures.map(({ figure, count, byReason }) => {
          const reasons = (byReason ?? []).filter((each) => each.count.value !== 0);
          return (
            <Box key={figure} display="grid" gridTemplateColumns="1fr auto" columnGap="3" py="1.5" borderBottomWidth="1px">
              <Box as="dt">{TRANSPARENCY_FIGURE_TEXT[figure].title}</Box>
              <Box as="dd" fontWeight="semibold" textAlign="end">
                {shownCountText(count)}
              </Box>
              {reasons.length > 0 && (
                <Box as="dd" gridColumn="1 / -1" color="fg.muted" mt="1">
                  <List.Root ps="4" gap="0.5" aria-label={`${TRANSPARENCY_FIGURE_TEXT[figure].title} by reason`}>
                    {reasons.map(({ reason, count: reasonCount }) => (
                      <List.Item key={reason}>
                        {ADMIN_REASON_LABELS[reason]}: {shownCountText(reasonCount)}
                      </List.Item>
                    ))}
                  </List.Root>
                </Box>
              )}
            </Box>
          );
        })}
        <Box display="grid" gridTemplateColumns="1fr auto" columnGap="3" py="1.5">
          <Box as="dt">Median time to resolve a report</Box>
          <Box as="dd" fontWeight="semibold" textAlign="end">
            {median ?? 'too few reports to say'}
          </Box>
        </Box>
      </Box>
    </Stack>
  );
}
