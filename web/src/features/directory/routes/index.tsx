import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export { DirectoryPage } from './directory-page';

export function ProviderProfilePage() {
  return <ComingSoonPage heading="Professional profile" description="A provider's services, portfolio and feedback." />;
}
