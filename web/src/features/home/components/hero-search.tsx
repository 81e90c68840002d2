import { Box, Button, Container, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { SearchIcon } from 'lucide-react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@solutionz/shared';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { directorySearch, emptyLocation, type LocationValue } from './directory-search';
import { LocationPicker } from './location-picker';

export function HeroSearch() {
  const navigate = useNavigate();
  const session = useSession();
  const [service, setService] = useState('');
  const [location, setLocation] = useState<LocationValue>(emptyLocation);

  const search = () => {
    const target = directorySearch(service, location);
    if (!target) {
      // Imported on demand: the toast store is not needed for the first paint, and every other user of it is a lazy screen.
      void import('@/components/ui/toaster').then(({ toaster }) =>
        toaster.create({ type: 'warning', title: MESSAGES.searchEmpty.title, description: MESSAGES.searchEmpty.description }),
      );
      return;
    }
    void navigate(target.path, { state: target.state });
  };

  return (
    <Box as="section" aria-labelledby="hero-heading" bgGradient="to-br" gradientFrom="brand.950" gradientTo="brand.800" color="white">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
        <Stack gap="6" maxW="3xl">
          <Heading id="hero-heading" as="h1" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.15">
            Find trusted local professionals for any job
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="brand.100">
            Search plumbers, electricians, tutors, photographers and hundreds more services near you across the UK.
          </Text>
          <Box
            as="form"
            role="search"
            aria-label="Find a professional"
            bg="bg"
            color="fg"
            borderRadius="xl"
            p={{ base: '4', md: '5' }}
            boxShadow="lg"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              search();
            }}
          >
            <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }}>
              {/* Growing only in the row layout: a zero flex basis in the phone's column squashes the field to a sliver. */}
              <Input
                flex={{ md: '1' }}
                aria-label="Service"
                placeholder="What service do you need?"
                value={service}
                enterKeyHint="search"
                onChange={(event) => setService(event.currentTarget.value)}
              />
              <Box flex={{ md: '1' }}>
                <LocationPicker value={location} onChange={setLocation} />
              </Box>
              <Button type="submit" minW="32">
                <SearchIcon aria-hidden="true" />
                Search
              </Button>
            </Stack>
          </Box>
          <HStack gap="3" flexWrap="wrap">
            {/* Held in place, unseen, while the session is read (the prerendered page's state), so the sections below do not move down when it shows. */}
            {session.status !== 'signedIn' && (
              <Button
                asChild
                size="lg"
                bg="white"
                color="brand.800"
                _hover={{ bg: 'brand.50' }}
                visibility={session.status === 'loading' ? 'hidden' : undefined}
              >
                <RouterLink to={paths.signupProvider}>Become Part of the Solution</RouterLink>
              </Button>
            )}
            <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.800" _hover={{ bg: 'whiteAlpha.200' }}>
              <RouterLink to={paths.postJob}>Post a Job</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
