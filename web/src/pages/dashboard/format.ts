import { formatCurrency } from '../../lib/format';

/** A money value as the server sends it (exact decimal text), in dollars without decimals: "$12,500". */
export const formatMoney = (value: string) => formatCurrency(Number(value));

/** 'YYYY-MM' as a date on the 1st, read in UTC so no time zone shifts it into the month before. */
const monthDate = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, index! - 1, 1));
};

const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'Jan', for the chart's axis. */
export const formatShortMonth = (month: string) => shortMonth.format(monthDate(month));

/** 'January 2026', for screen readers and the tooltip. */
export const formatLongMonth = (month: string) => longMonth.format(monthDate(month));

/** "3:00 PM" in the viewer's zone. */
export const formatTime = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

export const pluralDeals = (count: number) => `${count} ${count === 1 ? 'deal' : 'deals'}`;
