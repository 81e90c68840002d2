import { Box, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { StarRating } from '@/components/ui/star-rating';

interface Testimonial {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  readonly content: string;
  readonly rating: number;
}

/** The home page's three static testimonials (docs/product/site.md#home-page). */
const testimonials: readonly Testimonial[] = [
  {
    id: 'sarah-thompson',
    name: 'Sarah Thompson',
    role: 'Homeowner, Manchester',
    content: 'I found a brilliant local plumber within minutes. The profile showed real reviews, so I knew exactly who I was booking.',
    rating: 5,
  },
  {
    id: 'james-patel',
    name: 'James Patel',
    role: 'Electrician, Birmingham',
    content: 'Since joining as a provider I get steady enquiries from clients nearby. The membership paid for itself in the first week.',
    rating: 5,
  },
  {
    id: 'emily-clarke',
    name: 'Emily Clarke',
    role: 'Small business owner, Leeds',
    content: 'Posting a job was simple and I had several professionals get in touch. Great way to find help for the shop refit.',
    rating: 4,
  },
];

export function Testimonials() {
  return (
    <Box as="section" aria-labelledby="testimonials-heading" py={{ base: '12', md: '16' }}>
      <Container maxW="7xl" px={{ base: '4', md: '6' }}>
        <Heading id="testimonials-heading" as="h2" size="3xl" textAlign="center" mb="10">
          What our users say
        </Heading>
        <SimpleGrid as="ul" listStyle="none" columns={{ base: 1, md: 3 }} gap="6">
          {testimonials.map((testimonial) => (
            <Stack as="li" key={testimonial.id} gap="4" p="6" borderWidth="1px" borderRadius="xl" bg="bg">
              <StarRating value={testimonial.rating} label={`${testimonial.name}'s rating`} />
              <Text as="blockquote">“{testimonial.content}”</Text>
              <Box>
                <Text fontWeight="semibold">{testimonial.name}</Text>
                <Text color="fg.muted" fontSize="sm">
                  {testimonial.role}
                </Text>
              </Box>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
