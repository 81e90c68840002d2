import { HOME_TITLE } from '@solutionz/shared';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CategoryCards } from '../components/category-cards';
import { HeroSearch } from '../components/hero-search';
import { HowItWorks } from '../components/how-it-works';
import { Testimonials } from '../components/testimonials';

export function HomePage() {
  useDocumentTitle(HOME_TITLE);
  return (
    <>
      <HeroSearch />
      <HowItWorks />
      <CategoryCards />
      <Testimonials />
    </>
  );
}
