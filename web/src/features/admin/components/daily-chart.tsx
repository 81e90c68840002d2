import { Box } from '@chakra-ui/react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminAnalytics } from '@solutionz/shared';

const SHORT_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLabel = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));

/**
 * Sign-ups and jobs posted per day as lines. A picture of the table that follows it, which carries the
 * same figures for assistive technology and the keyboard: the chart is hidden from both.
 */
export function DailyChart({ daily }: { daily: AdminAnalytics['daily'] }) {
  return (
    <Box aria-hidden="true" h={{ base: '56', md: '72' }} fontSize="xs">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--chakra-colors-border)" vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} minTickGap={24} stroke="var(--chakra-colors-fg-muted)" />
          <YAxis allowDecimals={false} stroke="var(--chakra-colors-fg-muted)" />
          <Tooltip labelFormatter={(day) => dayLabel(String(day))} />
          <Legend itemSorter={null} />
          <Line
            type="monotone"
            dataKey="signups"
            name="Sign-ups"
            stroke="var(--chakra-colors-brand-solid)"
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="jobs"
            name="Jobs posted"
            stroke="var(--chakra-colors-orange-600)"
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
