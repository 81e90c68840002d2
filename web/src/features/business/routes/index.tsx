import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function ClaimBusinessPage() {
  return <ComingSoonPage heading="Claim your business" description="Take ownership of your business listing on Solutionz." />;
}
