import type { StageSummary } from '@common/dashboard';
import { dashboardMessages } from '@common/dashboard-rules';
import { formatMoney, pluralDeals } from './format';
import { SkeletonLines, WidgetCard, WidgetEmpty } from './widget-card';

/** Each open stage with its count and value; the bar shows the stage's share of the open value. */
export function PipelineOverview({ stages }: { stages: StageSummary[] | null | undefined }) {
  const shown = stages ?? [];
  const total = shown.reduce((sum, stage) => sum + Number(stage.value), 0);
  return (
    <WidgetCard title={dashboardMessages.pipelineOverview}>
      {stages === undefined ? (
        <SkeletonLines count={4} />
      ) : shown.every((stage) => stage.count === 0) ? (
        <WidgetEmpty>{dashboardMessages.pipelineOverviewEmpty}</WidgetEmpty>
      ) : (
        <ul aria-label={dashboardMessages.pipelineOverview} className="space-y-4">
          {shown.map((stage) => {
            const share = total > 0 ? (Number(stage.value) / total) * 100 : 0;
            return (
              <li key={stage.stage}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-medium break-words text-slate-900 dark:text-slate-100">{stage.stage}</span>
                  <span className="text-slate-600 dark:text-slate-400">
                    {pluralDeals(stage.count)} · {formatMoney(stage.value)}
                  </span>
                </div>
                <div
                  aria-hidden="true"
                  className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
                >
                  <div className="h-full rounded-full bg-indigo-500" style={{ width: `${share}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </WidgetCard>
  );
}
