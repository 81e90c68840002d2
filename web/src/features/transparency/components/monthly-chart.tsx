import { Box, chakra } from '@chakra-ui/react';
import { shownCountText, TRANSPARENCY_SMALLEST_SHOWN, type ShownCount } from '@solutionz/shared';

export interface MonthValue {
  /** yyyy-mm */
  readonly month: string;
  readonly count: ShownCount;
}

const WIDTH = 360;
const HEIGHT = 200;
const TOP = 18;
const BOTTOM = 24;
const SLOT = WIDTH / 12;
const BAR = 'var(--chakra-colors-blue-600)';

const monthName = (month: string) => new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'short', timeZone: 'UTC' });
const monthLongName = (month: string) => new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * One figure month by month as bars. A month with "fewer than 5" is drawn as a dashed outline up to 5 and
 * labelled "<5": it has no number to draw. The chart is a picture of the table that follows it, which is its
 * text alternative.
 */
export function MonthlyChart({ title, values }: { title: string; values: readonly MonthValue[] }) {
  const top = Math.max(TRANSPARENCY_SMALLEST_SHOWN, ...values.map(({ count }) => count.value ?? 0));
  const plot = HEIGHT - TOP - BOTTOM;
  const heightOf = (value: number) => (value / top) * plot;
  return (
    <Box maxW="2xl" width="full">
      <chakra.svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="full"
        height="auto"
        role="img"
        data-chart=""
        aria-label={`${title} per month, as a bar chart; the table below gives each month's figure`}
        fontSize="10px"
        color="fg"
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="currentColor" strokeWidth="1" />
        {values.map(({ month, count }, index) => {
          const x = index * SLOT + 4;
          const small = count.value === null;
          const height = heightOf(small ? TRANSPARENCY_SMALLEST_SHOWN : count.value!);
          const y = HEIGHT - BOTTOM - height;
          return (
            <g key={month}>
              {height > 0 && (
                <rect
                  x={x}
                  y={y}
                  width={SLOT - 8}
                  height={height}
                  fill={small ? 'none' : BAR}
                  stroke={small ? BAR : 'none'}
                  strokeDasharray={small ? '3 2' : undefined}
                />
              )}
              <text x={x + (SLOT - 8) / 2} y={y - 4} textAnchor="middle" fill="currentColor">
                {small ? `<${TRANSPARENCY_SMALLEST_SHOWN}` : count.value}
              </text>
              <text x={x + (SLOT - 8) / 2} y={HEIGHT - 8} textAnchor="middle" fill="currentColor">
                {monthName(month)}
              </text>
            </g>
          );
        })}
      </chakra.svg>
      <chakra.table
        mt="4"
        width="full"
        maxW="sm"
        fontSize="sm"
        css={{ borderCollapse: 'collapse', '& th, & td': { px: '3', py: '1.5', borderBottomWidth: '1px' } }}
      >
        <caption style={{ textAlign: 'start', fontWeight: 600, paddingBottom: '0.5rem' }}>{title}, month by month</caption>
        <thead>
          <tr>
            <chakra.th scope="col" textAlign="start">
              Month
            </chakra.th>
            <chakra.th scope="col" textAlign="end">
              {title}
            </chakra.th>
          </tr>
        </thead>
        <tbody>
          {values.map(({ month, count }) => (
            <tr key={month}>
              <chakra.th scope="row" textAlign="start" fontWeight="normal">
                {monthLongName(month)}
              </chakra.th>
              <chakra.td textAlign="end">{shownCountText(count)}</chakra.td>
            </tr>
          ))}
        </tbody>
      </chakra.table>
    </Box>
  );
}
