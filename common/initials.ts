/**
 * An avatar's initials (part 1 §9): the first letter of each word, uppercase, at most two; the e-mail's first
 * letter when there is no name, '?' with neither. The shell and the public booking page show the same.
 */
export function getInitials(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .map((word) => word.charAt(0))
      .join('')
      .toUpperCase()
      .slice(0, 2);
  }
  const first = (email ?? '').trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}
