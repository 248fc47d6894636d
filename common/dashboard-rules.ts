import type { ScheduleItem } from './dashboard';

/**
 * The dashboard's words, limits and badge rule, in a file without zod: the dashboard is part of the signed-in
 * first load (150 KB budget, bench/bundle.ts), and its page parses the answer with zod loaded beside the request.
 * common/dashboard.ts re-exports all of them.
 */

/** The dashboard's words (part 1 "Dashboard", §8; decisions item 16). */
export const dashboardMessages = {
  welcome: (firstName: string) => `Welcome back, ${firstName}`,
  totalDeals: 'Total Deals',
  totalContacts: 'Total Contacts',
  activeProjects: 'Active Projects',
  openTasks: 'Open Tasks',
  todaysSchedule: "Today's Schedule",
  scheduleEmpty: 'Nothing scheduled for today',
  recentTasks: 'Recent Tasks',
  recentTasksEmpty: 'No open tasks',
  viewAll: 'View all',
  emailPreview: 'Email Preview',
  noEmailAccounts: 'No email accounts connected',
  connectEmail: 'Connect an email account',
  // Issue 15: the five newest inbox messages replace the seed's 'coming soon' once an account has mail.
  noEmails: 'No emails yet',
  pipelineOverview: 'Deal Pipeline Overview',
  pipelineOverviewEmpty: 'No open deals',
  monthlyRevenue: 'Monthly Revenue',
  monthlyRevenueEmpty: 'No deals won in the last 12 months',
} as const;

export const RECENT_TASKS_LIMIT = 4;
export const REVENUE_MONTHS = 12;

export type ScheduleBadge = 'Completed' | 'Overdue' | 'High Priority' | 'Upcoming';

/** Part 1 §4, in order: done, then past due, then high priority, else upcoming. */
export function scheduleBadge(item: Pick<ScheduleItem, 'status' | 'at' | 'priority'>, now: Date): ScheduleBadge {
  if (item.status === 'Done' || item.status === 'completed' || item.status === 'Completed') return 'Completed';
  if (new Date(item.at).getTime() < now.getTime()) return 'Overdue';
  if (item.priority === 'high') return 'High Priority';
  return 'Upcoming';
}
