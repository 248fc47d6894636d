import { Link } from 'react-router';
import { format } from 'date-fns';
import { Handshake, ListTodo } from 'lucide-react';
import type { ContactDetail } from '@common/contacts';
import { stageBadgeVariant } from '@common/deal-rules';
import { taskStatusBadgeVariant } from '@common/task-rules';
import { Badge } from '../../components/badge';
import { Card, CardHeader, CardTitle } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { formatCurrency } from '../../lib/format';

const link =
  'font-medium text-slate-900 hover:text-indigo-700 hover:underline dark:text-slate-100 dark:hover:text-indigo-300';

/** A deal's value in its currency, whole units as the dashboard shows them; none gives '-'. */
function dealValue(value: string | null, currency: string) {
  const amount = value === null ? null : Number(value);
  return formatCurrency(amount, currency) || '-';
}

/** The deals that name this contact, each opening on its board. */
export function ContactDeals({ deals, dealCount }: Pick<ContactDetail, 'deals' | 'dealCount'>) {
  return (
    <Card>
      <CardHeader className="flex items-center justify-between gap-2">
        <CardTitle id="contact-deals">Deals</CardTitle>
        <span className="text-sm text-slate-600 dark:text-slate-400">{dealCount}</span>
      </CardHeader>
      {deals.length === 0 ? (
        <EmptyState icon={<Handshake aria-hidden="true" className="size-6" />} message="This contact has no deals." />
      ) : (
        <ul aria-labelledby="contact-deals" className="divide-y divide-slate-200 dark:divide-slate-800">
          {deals.map((deal) => (
            <li key={deal.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3">
              <div className="min-w-0">
                <Link
                  to={`/app/deals?pipeline=${encodeURIComponent(deal.pipelineId)}&deal=${encodeURIComponent(deal.id)}`}
                  className={`${link} break-words`}
                >
                  {deal.name}
                </Link>
                <p className="text-xs text-slate-600 dark:text-slate-400">{deal.pipelineName}</p>
              </div>
              <div className="flex items-center gap-3">
                <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
                  {dealValue(deal.value, deal.currency)}
                </span>
                <Badge variant={stageBadgeVariant(deal.stage)}>{deal.stage}</Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dealCount > deals.length && (
        <p className="border-t border-slate-200 px-5 py-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          The newest {deals.length} of {dealCount} deals are shown.
        </p>
      )}
    </Card>
  );
}

/** The tasks of those deals, by due date. */
export function ContactTasks({ tasks }: Pick<ContactDetail, 'tasks'>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="contact-tasks">Tasks</CardTitle>
      </CardHeader>
      {tasks.length === 0 ? (
        <EmptyState
          icon={<ListTodo aria-hidden="true" className="size-6" />}
          message="No tasks are linked to this contact's deals."
        />
      ) : (
        <ul aria-labelledby="contact-tasks" className="divide-y divide-slate-200 dark:divide-slate-800">
          {tasks.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3">
              <div className="min-w-0">
                <Link to={`/app/tasks?task=${encodeURIComponent(task.id)}`} className={`${link} break-words`}>
                  {task.name}
                </Link>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {task.dueDate ? `Due ${format(new Date(task.dueDate), 'MMM d, yyyy, h:mm a')}` : 'No due date'}
                  {task.dealName ? ` · ${task.dealName}` : ''}
                </p>
              </div>
              <Badge variant={taskStatusBadgeVariant(task.status)}>{task.status}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
