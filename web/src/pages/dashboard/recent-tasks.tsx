import { Link } from 'react-router';
import type { RecentTask } from '@common/dashboard';
import { dashboardMessages } from '@common/dashboard-rules';
import { taskStatusBadgeVariant } from '@common/task-rules';
import { Badge } from '../../components/badge';
import { formatDate } from '../../lib/format';
import { SkeletonLines, WidgetCard, WidgetEmpty } from './widget-card';

export function RecentTasks({ tasks }: { tasks: RecentTask[] | null | undefined }) {
  return (
    <WidgetCard
      title={dashboardMessages.recentTasks}
      action={
        <Link
          to="/app/tasks"
          className="rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
        >
          {dashboardMessages.viewAll}
        </Link>
      }
    >
      {tasks === undefined ? (
        <SkeletonLines count={4} />
      ) : !tasks?.length ? (
        <WidgetEmpty>{dashboardMessages.recentTasksEmpty}</WidgetEmpty>
      ) : (
        <ul aria-label={dashboardMessages.recentTasks} className="divide-y divide-slate-200 dark:divide-slate-800">
          {tasks.map((task) => {
            const related = [task.projectName, task.dealName].filter(Boolean).join(' · ');
            return (
              <li key={task.id} className="flex items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0">
                  <p className="text-sm font-medium break-words text-slate-900 dark:text-slate-100">{task.name}</p>
                  {related && <p className="text-xs break-words text-slate-600 dark:text-slate-400">{related}</p>}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <Badge variant={taskStatusBadgeVariant(task.status)}>{task.status}</Badge>
                  {task.dueDate && (
                    <time dateTime={task.dueDate} className="text-xs text-slate-600 dark:text-slate-400">
                      {formatDate(task.dueDate)}
                    </time>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </WidgetCard>
  );
}
