export { getInitials } from '@common/initials';

/** The first word of the user's name, or 'User'. */
export function getFirstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] || 'User';
}

/** Whole units in the given currency (USD, en-US by default); blank gives ''. */
export function formatCurrency(value: number | null | undefined, currency = 'USD', locale = 'en-US'): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(value);
}

/** The locale's short date; empty or invalid gives ''. */
export function formatDate(value: string | Date | null | undefined, locale?: string): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale);
}

/** Shows '-' for an empty value, as lists in the spec do. */
export function orDash(value: string | null | undefined): string {
  return value && value.trim() ? value : '-';
}

/** A capped total as a person reads it: "52", or "10,000+" past the count's cap. */
export function formatCount({ count, hasMore }: { count: number; hasMore: boolean }, locale = 'en-US'): string {
  return `${count.toLocaleString(locale)}${hasMore ? '+' : ''}`;
}

/** The viewer's IANA time zone: "today", a due filter's days and the calendar month's days are theirs. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
