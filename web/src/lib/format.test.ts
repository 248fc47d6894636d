import { describe, expect, it } from 'vitest';
import { formatCount, formatCurrency, formatDate, getFirstName, getInitials, orDash } from './format';

describe('getInitials', () => {
  it('takes the first letter of each word, uppercase, at most two', () => {
    expect(getInitials('ann marie smith')).toBe('AM');
    expect(getInitials('Grace Hopper')).toBe('GH');
    expect(getInitials('  Plato  ')).toBe('P');
  });

  it("falls back to the e-mail's first letter when there is no name", () => {
    expect(getInitials(null, 'zoe@example.com')).toBe('Z');
    expect(getInitials('   ', 'bob@example.com')).toBe('B');
    expect(getInitials(undefined)).toBe('?');
  });
});

describe('getFirstName', () => {
  it("greets by the first word of the name, or 'User'", () => {
    expect(getFirstName('Ann Marie Smith')).toBe('Ann');
    expect(getFirstName(null)).toBe('User');
    expect(getFirstName('  ')).toBe('User');
  });
});

describe('formatCurrency', () => {
  it('shows whole US dollars with grouping by default; blank gives empty text', () => {
    expect(formatCurrency(48250)).toBe('$48,250');
    expect(formatCurrency(1234.56)).toBe('$1,235');
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency(undefined)).toBe('');
  });
});

describe('formatDate and orDash', () => {
  it('gives empty text for empty or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2025-03-04T12:00:00Z', 'en-US')).toBe('3/4/2025');
  });

  it("shows '-' for empty values", () => {
    expect(orDash(null)).toBe('-');
    expect(orDash('  ')).toBe('-');
    expect(orDash('Acme')).toBe('Acme');
  });
});

describe('formatCount', () => {
  it('groups digits and marks a capped total with a plus', () => {
    expect(formatCount({ count: 52, hasMore: false })).toBe('52');
    expect(formatCount({ count: 10_000, hasMore: true })).toBe('10,000+');
    expect(formatCount({ count: 0, hasMore: false })).toBe('0');
  });
});
