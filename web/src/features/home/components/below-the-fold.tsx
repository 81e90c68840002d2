import { CategoryCards } from './category-cards';
import { HowItWorks } from './how-it-works';
import { Testimonials } from './testimonials';

/** Everything under the hero: loaded and committed after the hero so the first paint is one small task. */
export default function BelowTheFold() {
  return (
    <>
      <HowItWorks />
      <CategoryCards />
      <Testimonials />
    </>
  );
}
