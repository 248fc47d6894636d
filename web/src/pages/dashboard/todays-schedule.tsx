import { useEffect, useState } from 'react';
import { CalendarClock, CheckSquare, Phone } from 'lucide-react';
import type { ScheduleItem } from '@common/dashboard';
import { dashboardMessages, scheduleBadge, type ScheduleBadge } from '@common/dashboard-rules';
import { Badge, type BadgeVariant } from '../../components/badge';
import { formatTime } from './format';
import { SkeletonLines, WidgetCard, WidgetEmpty } from './widget-card';

const badgeVariants: Record<ScheduleBadge, BadgeVariant> = {
  Completed: 'success',
  Overdue: 'danger',
  'High Priority': 'warning',
  Upcoming: 'default',
};

const kindIcons = { activity: Phone, booking: CalendarClock, task: CheckSquare } as const;
const kindNames = { activity: 'Activity', booking: 'Booking', task: 'Task' } as const;

/** The current time, moved on each minute so an item turns Overdue while the page stays open. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function TodaysSchedule({ items }: { items: ScheduleItem[] | null | undefined }) {
  const now = useNow();
  return (
    <WidgetCard title={dashboardMessages.todaysSchedule}>
      {items === undefined ? (
        <SkeletonLines />
      ) : !items?.length ? (
        <WidgetEmpty>{dashboardMessages.scheduleEmpty}</WidgetEmpty>
      ) : (
        <ul aria-label={dashboardMessages.todaysSchedule} className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((item) => {
            const badge = scheduleBadge(item, now);
            const Icon = kindIcons[item.kind];
            const related = [item.dealName, item.projectName].filter(Boolean).join(' · ');
            return (
              <li key={`${item.kind}-${item.id}`} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <Icon aria-label={kindNames[item.kind]} role="img" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium break-words text-slate-900 dark:text-slate-100">{item.title}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    <time dateTime={item.at}>{formatTime(item.at)}</time>
                    {related && <span className="break-words"> · {related}</span>}
                  </p>
                </div>
                <Badge variant={badgeVariants[badge]} className="shrink-0">
                  {badge}
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
    </WidgetCard>
  );
}
