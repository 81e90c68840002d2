import { Box, Button, chakra, Container, Heading, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  PRODUCT_NAME,
  RESOLVE_TIME_BUCKETS,
  TRANSPARENCY_FIGURE_TEXT,
  TRANSPARENCY_FIGURES,
  TRANSPARENCY_SMALLEST_SHOWN,
  type TransparencyFigure,
} from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useTransparency } from '../api/transparency';
import { MonthlyChart } from '../components/monthly-chart';
import { PeriodFigures } from '../components/period-figures';
import { downloadCsv, transparencyCsv } from '../components/transparency-csv';

const TITLE = 'Moderation transparency';

function Loading() {
  return (
    <Stack gap="3">
      <Text role="status" color="fg.muted">
        Loading the figures...
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5" aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height="80" borderRadius="lg" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** How each figure is counted, and the rules every figure follows. */
function HowCounted() {
  return (
    <Stack as="section" aria-labelledby="how-counted" gap="3">
      <Heading as="h2" id="how-counted" size="xl">
        How each figure is counted
      </Heading>
      <Text>
        Each figure is counted as the action happens, in the same write that records the action, so it cannot drift from what was done. The figures name nobody:
        any count from 1 to {TRANSPARENCY_SMALLEST_SHOWN - 1} is shown as &ldquo;fewer than {TRANSPARENCY_SMALLEST_SHOWN}&rdquo;, here and in the download, so
        that a small number cannot point at one person. Days and months are UK days and months; &ldquo;Last 12 months&rdquo; is this month and the 11 before it.
      </Text>
      <Box as="dl" fontSize="sm">
        {TRANSPARENCY_FIGURES.map((figure) => (
          <Box key={figure} py="2" borderBottomWidth="1px">
            <Box as="dt" fontWeight="semibold">
              {TRANSPARENCY_FIGURE_TEXT[figure].title}
            </Box>
            <Box as="dd">{TRANSPARENCY_FIGURE_TEXT[figure].counted}</Box>
          </Box>
        ))}
        <Box py="2">
          <Box as="dt" fontWeight="semibold">
            Median time to resolve a report
          </Box>
          <Box as="dd">
            The time from a report to an administrator&apos;s decision is counted in one of {RESOLVE_TIME_BUCKETS.length} bands (under 1 hour, 1 to 4 hours, and
            so on to over 4 weeks); the median is the band the middle report falls in, so it is shown as a band, not an exact time. With fewer than{' '}
            {TRANSPARENCY_SMALLEST_SHOWN} reports resolved it is not given.
          </Box>
        </Box>
      </Box>
    </Stack>
  );
}

/** /transparency (docs/product/admin.md#transparency): the moderation figures, published live. */
export function TransparencyPage() {
  useDocumentTitle(`${TITLE} | ${PRODUCT_NAME}`);
  const figures = useTransparency();
  const [charted, setCharted] = useState<TransparencyFigure>('feedback.removed');
  const title = TRANSPARENCY_FIGURE_TEXT[charted].title;

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="10">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {TITLE}
          </Heading>
          <Text color="fg.muted" maxW="3xl">
            What our moderators did, and what people reported to them: feedback published and removed, reports, accounts deactivated, providers hidden, business
            claims and credentials checked. The figures are live.
          </Text>
        </Stack>

        {figures.isPending ? (
          <Loading />
        ) : figures.isError ? (
          <LoadFailed message="The figures could not be loaded." onRetry={() => void figures.refetch()} retrying={figures.isRefetching} />
        ) : (
          <>
            <Stack as="section" aria-labelledby="periods" gap="4">
              <Heading as="h2" id="periods" size="xl">
                The figures
              </Heading>
              <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5">
                {figures.data.periods.map((period) => (
                  <PeriodFigures key={period.period} period={period} />
                ))}
              </SimpleGrid>
            </Stack>

            <Stack as="section" aria-labelledby="monthly" gap="4">
              <Heading as="h2" id="monthly" size="xl">
                Month by month
              </Heading>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'stretch', sm: 'end' }}>
                <Box maxW="xs" width="full">
                  <chakra.label htmlFor="charted-figure" fontSize="sm" fontWeight="medium">
                    Figure shown
                  </chakra.label>
                  <NativeSelect.Root mt="1">
                    <NativeSelect.Field id="charted-figure" value={charted} onChange={(event) => setCharted(event.currentTarget.value as TransparencyFigure)}>
                      {TRANSPARENCY_FIGURES.map((figure) => (
                        <option key={figure} value={figure}>
                          {TRANSPARENCY_FIGURE_TEXT[figure].title}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Box>
                <Button variant="outline" onClick={() => downloadCsv(transparencyCsv(figures.data), 'solutionz-moderation-figures.csv')}>
                  Download the monthly figures (CSV)
                </Button>
              </Stack>
              <MonthlyChart
                title={title}
                values={figures.data.months.map(({ month, figures: counts }) => ({ month, count: counts.find((each) => each.figure === charted)!.count }))}
              />
            </Stack>
          </>
        )}

        <HowCounted />
      </Stack>
    </Container>
  );
}
