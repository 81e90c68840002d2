import { useParams } from 'react-router-dom';
import { findGroupBySlug } from '@solutionz/shared';
import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function CategoriesPage() {
  return <ComingSoonPage heading="Service Categories" description="Every service on Solutionz, grouped by trade." />;
}

export function CategoryPage() {
  const { slug = '' } = useParams();
  const group = findGroupBySlug(slug);
  return <ComingSoonPage heading={group?.name ?? 'Service Category'} description="Professionals offering services in this category." />;
}
