import { ComingSoonPage } from '@/components/layout/coming-soon-page';

export function JobDirectoryPage() {
  return <ComingSoonPage heading="Job Directory" description="Jobs posted by clients across the UK, for subscribed providers to pick up." />;
}

export function PostJobPage() {
  return <ComingSoonPage heading="Post a Job" description="Describe the work you need done and let professionals come to you." />;
}
