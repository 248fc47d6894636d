import type { RevenueMonth } from '@common/dashboard';
import { dashboardMessages } from '@common/dashboard-rules';
import { formatLongMonth, formatMoney } from './format';
import { RevenueChart } from './revenue-chart';
import { Skeleton, WidgetCard, WidgetEmpty } from './widget-card';

const CHART_HEIGHT = 'h-64';

/** Won deal value per month (decisions item 16); a visually hidden list gives screen readers each bar. */
export function MonthlyRevenue({ months }: { months: RevenueMonth[] | null | undefined }) {
  const hasRevenue = months?.some((month) => Number(month.value) > 0) ?? false;
  return (
    <WidgetCard title={dashboardMessages.monthlyRevenue}>
      {months === undefined ? (
        <Skeleton className={`${CHART_HEIGHT} w-full`} />
      ) : !months || !hasRevenue ? (
        <WidgetEmpty>{dashboardMessages.monthlyRevenueEmpty}</WidgetEmpty>
      ) : (
        <>
          <ul aria-label="Revenue by month" className="sr-only">
            {months.map((month) => (
              <li key={month.month}>{`${formatLongMonth(month.month)}: ${formatMoney(month.value)}`}</li>
            ))}
          </ul>
          <div aria-hidden="true" className={`${CHART_HEIGHT} w-full text-slate-600 dark:text-slate-400`}>
            <RevenueChart months={months} />
          </div>
        </>
      )}
    </WidgetCard>
  );
}
