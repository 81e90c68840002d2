import { Box, Container, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PLANS } from '@solutionz/shared';
import { formatPence } from '@/lib/money';

const monthlyFee = formatPence(PLANS.monthly.pricePence);

const columns = [
  {
    title: 'For service providers',
    steps: [
      { title: 'Create your profile', text: 'Add your business details, services and a portfolio of your work.' },
      { title: 'Activate your membership', text: `For just ${monthlyFee} a month, appear in the directory and see job contact details.` },
      { title: 'Win new work', text: 'Get found by local clients, receive enquiries and pick up posted jobs.' },
    ],
  },
  {
    title: 'For clients',
    steps: [
      { title: 'Search or post a job', text: 'Find professionals by service and location, or describe the work you need.' },
      { title: 'Compare professionals', text: 'Read profiles, portfolios and feedback from other clients.' },
      { title: 'Get it done', text: 'Contact the right professional and leave feedback when the job is finished.' },
    ],
  },
] as const;

export function HowItWorks() {
  return (
    <Box as="section" aria-labelledby="how-it-works-heading" py={{ base: '12', md: '16' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Heading id="how-it-works-heading" as="h2" size="3xl" textAlign="center" mb="10">
          How it works
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
          {columns.map((column) => (
            <Stack key={column.title} gap="5" p="6" borderWidth="1px" borderRadius="xl" bg="bg.subtle">
              <Heading as="h3" size="xl">
                {column.title}
              </Heading>
              <List.Root as="ol" gap="4" listStyle="none" ms="0">
                {column.steps.map((step, index) => (
                  <List.Item key={step.title} display="flex" gap="4" alignItems="flex-start">
                    <Box
                      aria-hidden="true"
                      flexShrink="0"
                      display="grid"
                      placeItems="center"
                      boxSize="8"
                      borderRadius="full"
                      bg="brand.solid"
                      color="brand.contrast"
                      fontWeight="bold"
                    >
                      {index + 1}
                    </Box>
                    <Box>
                      <Text fontWeight="semibold">{step.title}</Text>
                      <Text color="fg.muted">{step.text}</Text>
                    </Box>
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
