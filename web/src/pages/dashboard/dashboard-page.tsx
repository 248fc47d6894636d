import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@common/dashboard';
import { dashboardMessages } from '@common/dashboard-rules';
import { PageTitle } from '../../components/page-title';
import { useAuthStore } from '../../lib/auth-store';
import { getFirstName } from '../../lib/format';
import { dashboardQuery } from './api';
import { EmailPreview } from './email-preview';
import { MonthlyRevenue } from './monthly-revenue';
import { PipelineOverview } from './pipeline-overview';
import { RecentTasks } from './recent-tasks';
import { StatCards } from './stat-cards';
import { TodaysSchedule } from './todays-schedule';

/** What the widgets show when the whole request failed: each one empty, as when the server could not read it. */
const unread: Dashboard = {
  stats: null,
  schedule: null,
  recentTasks: null,
  emailAccounts: null,
  pipelineOverview: null,
  revenue: null,
};

export function DashboardPage() {
  const name = useAuthStore((state) => state.user?.name);
  const { data, error } = useQuery(dashboardQuery());

  // Part 1 §8: widget failures are logged silently and the widgets show empty content; no message on screen.
  useEffect(() => {
    if (error) console.error('Failed to load the dashboard', error);
  }, [error]);

  // undefined: still loading (skeletons); null: not read (empty).
  const widgets: Partial<Dashboard> = data ?? (error ? unread : {});

  return (
    <>
      <PageTitle
        title={dashboardMessages.welcome(getFirstName(name))}
        description="Here's what's happening with your business today."
      />
      <div className="space-y-6">
        <StatCards stats={widgets.stats} />
        <div className="grid gap-6 lg:grid-cols-3">
          <TodaysSchedule items={widgets.schedule} />
          <RecentTasks tasks={widgets.recentTasks} />
          <EmailPreview accounts={widgets.emailAccounts} />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <PipelineOverview stages={widgets.pipelineOverview} />
          <MonthlyRevenue months={widgets.revenue} />
        </div>
      </div>
    </>
  );
}
