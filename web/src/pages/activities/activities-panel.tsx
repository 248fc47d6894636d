import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { format } from 'date-fns';
import { Check, Trash2 } from 'lucide-react';
import { activityMessages, activityTypeLabels, type Activity } from '@common/activities';
import { activityState, activityStateLabels, type ActivityState } from '@common/deal-rules';
import { Badge, type BadgeVariant } from '../../components/badge';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { activitiesQuery, useCompleteActivity, useDeleteActivity } from './api';
import { ActivityForm } from './activity-form';

const stateVariants: Record<ActivityState, BadgeVariant> = {
  overdue: 'danger',
  dueToday: 'success',
  upcoming: 'primary',
  completed: 'success',
};

const priorityVariants: Record<Activity['priority'], BadgeVariant> = {
  low: 'default',
  medium: 'warning',
  high: 'danger',
};

/** Part 2 §9: "MMM d, yyyy h:mm a", in the viewer's time zone. */
const formatDue = (iso: string) => format(new Date(iso), 'MMM d, yyyy h:mm a');

/** A deal's follow-ups, by due date, with the form that adds one. */
export function ActivitiesPanel({ dealId }: { dealId: string }) {
  const { data, isPending, isError, refetch } = useQuery(activitiesQuery(dealId));
  const complete = useCompleteActivity(dealId);
  const remove = useDeleteActivity(dealId);
  const now = new Date();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  useEffect(() => {
    if (isError) toast.error(activityMessages.loadFailed, { id: 'activities-load' });
  }, [isError]);

  return (
    <section aria-labelledby="activities-heading" className="space-y-4">
      <h3 id="activities-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Activities
      </h3>
      {isPending ? (
        <Spinner label="Loading activities" className="size-5 text-indigo-500" />
      ) : !data ? (
        <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
          {activityMessages.loadFailed}
          <Button variant="secondary" size="sm" onClick={() => refetch()}>
            Retry
          </Button>
        </div>
      ) : data.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No activities yet.</p>
      ) : (
        <ul
          aria-label="Activities"
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
        >
          {data.items.map((activity) => {
            const state = activityState(activity, now, timeZone);
            const pending = activity.status === 'pending';
            return (
              <li key={activity.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-1.5">
                    <span className="text-sm font-medium text-slate-900 dark:text-white">
                      {activityTypeLabels[activity.activityType]}
                    </span>
                    <Badge variant={stateVariants[state]}>{activityStateLabels[state]}</Badge>
                    <Badge variant={priorityVariants[activity.priority]}>
                      <span className="sr-only">Priority: </span>
                      <span className="capitalize">{activity.priority}</span>
                    </Badge>
                  </div>
                  <p className="text-sm break-words text-slate-700 dark:text-slate-300">{activity.description}</p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    Due {formatDue(activity.dueDate)}
                    {activity.assignedUserName && <> · Assigned to {activity.assignedUserName}</>}
                    {activity.completedAt && <> · Completed {formatDue(activity.completedAt)}</>}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  {pending && (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Complete ${activity.description}`}
                      loading={complete.isPending && complete.variables === activity.id}
                      onClick={() => complete.mutate(activity.id)}
                    >
                      <Check aria-hidden="true" className="size-4" />
                      Complete
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete activity ${activity.description}`}
                    className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10"
                    loading={remove.isPending && remove.variables === activity.id}
                    onClick={() => remove.mutate(activity.id)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="rounded-lg border border-dashed border-slate-300 p-3 dark:border-slate-700">
        <h4 className="mb-3 text-sm font-semibold text-slate-800 dark:text-slate-200">Add Activity</h4>
        <ActivityForm dealId={dealId} />
      </div>
    </section>
  );
}
