import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function DirectoryPage() {
  return <ComingSoonPage heading="Professionals" description="Browse trusted service professionals near you by service, category and location." />;
}

export function ProviderProfilePage() {
  return <ComingSoonPage heading="Professional profile" description="A provider's services, portfolio and feedback." />;
}
