import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RevenueMonth } from '@common/dashboard';
import { formatLongMonth, formatMoney, formatShortMonth } from './format';

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

interface ChartTooltipProps {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: RevenueMonth }>;
}

function ChartTooltip({ active, payload }: ChartTooltipProps) {
  const month = payload?.[0]?.payload;
  if (!active || !month) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md dark:border-slate-700 dark:bg-slate-800">
      <p className="font-medium text-slate-900 dark:text-slate-100">{formatLongMonth(month.month)}</p>
      <p className="text-slate-600 dark:text-slate-300">{formatMoney(month.value)}</p>
    </div>
  );
}

/**
 * The bar chart of Monthly Revenue, loaded lazily with recharts. Axis text and grid take the wrapper's text
 * colour (currentColor), so the chart follows the light and dark themes. The chart is decoration for screen
 * readers, which read the list beside it: no keyboard layer of its own.
 */
export default function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const data = months.map((month) => ({ ...month, amount: Number(month.value) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="month"
          tickFormatter={formatShortMonth}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          interval="preserveStartEnd"
          minTickGap={10}
        />
        <YAxis
          tickFormatter={(value: number) => compactDollars.format(value)}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
          width={56}
          allowDecimals={false}
        />
        <Tooltip content={<ChartTooltip />} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
        <Bar dataKey="amount" fill="#6366f1" radius={[4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
