import { format, parseISO } from 'date-fns';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A deal's value in its own currency: "$12,500", "€99.50", "¥3,000"; none gives ''. */
export function formatMoney(value: number | null, currency: string): string {
  if (value === null) return '';
  const whole = Number.isInteger(value);
  const key = `${currency}:${whole}`;
  let money = moneyFormats.get(key);
  if (!money) {
    money = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    moneyFormats.set(key, money);
  }
  return money.format(value);
}

/** A column's total: deals of every currency summed, shown in USD as the dashboard does (decisions item 21). */
export const formatTotal = (total: number) => formatMoney(Math.round(total), 'USD');

/** An expected close date (YYYY-MM-DD, a calendar day): "Mar 5, 2026". */
export const formatCloseDate = (date: string) => format(parseISO(date), 'MMM d, yyyy');
