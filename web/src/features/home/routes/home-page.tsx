import { Box } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { HOME_TITLE } from '@solutionz/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { HeroSearch } from '../components/hero-search';

const BelowTheFold = lazy(() => import('../components/below-the-fold'));

export function HomePage() {
  useDocumentTitle(HOME_TITLE);
  return (
    <>
      <HeroSearch />
      {/* The placeholder keeps the footer below the fold until the sections arrive, so nothing shifts. */}
      <Suspense fallback={<Box minH="100vh" />}>
        <BelowTheFold />
      </Suspense>
    </>
  );
}
