// How a person is named on screen (docs/product/site.md#site-shell), apart from the account schemas (accounts.ts), so that a page showing names loads no zod.

/** First and last name split on the first space (docs/product/accounts.md#sign-up). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const at = trimmed.indexOf(' ');
  return at === -1 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}

/** Display name rules (docs/product/site.md#site-shell): names, else the e-mail, else "User". */
export function displayName(profile: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  const name = [profile.firstName, profile.lastName]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return name || profile.email || 'User';
}

export function initials(name: string): string {
  const letters = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase());
  return letters.slice(0, 2).join('') || 'U';
}
