/** How long ago something happened, in the admin console's words (docs/product/admin.md#dashboard). */
export function relativeTimeText(at: string, now: Date): string {
  const hours = Math.floor((now.getTime() - new Date(at).getTime()) / 3_600_000);
  if (hours < 1) return 'Less than an hour ago';
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
