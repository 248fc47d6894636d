import { FolderKanban, Handshake, ListTodo, Users, type LucideIcon } from 'lucide-react';
import type { Dashboard } from '@common/dashboard';
import { dashboardMessages } from '@common/dashboard-rules';
import { Card } from '../../components/card';
import { formatMoney } from './format';
import { Skeleton } from './widget-card';

type Stats = NonNullable<Dashboard['stats']>;

const cards: Array<{ label: string; icon: LucideIcon; value: (stats: Stats) => string }> = [
  { label: dashboardMessages.totalDeals, icon: Handshake, value: (s) => formatMoney(s.totalDealValue) },
  { label: dashboardMessages.totalContacts, icon: Users, value: (s) => s.totalContacts.toLocaleString('en-US') },
  {
    label: dashboardMessages.activeProjects,
    icon: FolderKanban,
    value: (s) => s.activeProjects.toLocaleString('en-US'),
  },
  { label: dashboardMessages.openTasks, icon: ListTodo, value: (s) => s.openTasks.toLocaleString('en-US') },
];

/**
 * The four figures, each a labelled group ("Total Deals", "$12,500"). Undefined while loading; null when the
 * server could not read them, shown as '-' (part 1 §8: no error text).
 */
export function StatCards({ stats }: { stats: Stats | null | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map(({ label, icon: Icon, value }) => (
        <li key={label}>
          <Card role="group" aria-label={label} className="flex h-full items-center gap-4 p-5">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
              {stats === undefined ? (
                <Skeleton className="mt-1 h-7 w-20" />
              ) : (
                <p className="text-2xl font-bold tracking-tight break-words text-slate-900 dark:text-white">
                  {stats ? value(stats) : '-'}
                </p>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
