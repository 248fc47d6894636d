import { z } from 'zod';
import { activityPriorities } from './constants';
import { timeZoneSchema } from './tasks';

export {
  RECENT_TASKS_LIMIT,
  REVENUE_MONTHS,
  dashboardMessages,
  scheduleBadge,
  type ScheduleBadge,
} from './dashboard-rules';

/** GET /api/dashboard?tz=…: "today" and the revenue months are the user's, in the browser's time zone. */
export const dashboardQuerySchema = z.object({ tz: timeZoneSchema.default('UTC') });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** Exact counts and sums computed in SQL; a money value travels as its exact decimal text ("1234.50"). */
export const dashboardStatsSchema = z.object({
  /** Sum of value over the user's deals not Lost. */
  totalDealValue: z.string(),
  totalContacts: z.number().int(),
  /** Projects whose status is not Completed. */
  activeProjects: z.number().int(),
  /** Tasks not Done, own or assigned to the user. */
  openTasks: z.number().int(),
});

/** One line of Today's Schedule: a pending deal activity, a Scheduled booking or a task not Done, due today. */
export const scheduleItemSchema = z.object({
  kind: z.enum(['activity', 'booking', 'task']),
  id: z.string(),
  /** The activity's description, the booker's name, the task's name. */
  title: z.string(),
  /** The due time or the booking's start (ISO). */
  at: z.string(),
  /** activity: pending | completed; booking: Scheduled; task: To Do | In Progress | Done. */
  status: z.string(),
  priority: z.enum(activityPriorities).nullable(),
  /** The deal an activity or task belongs to, the project of a task. */
  dealName: z.string().nullable(),
  projectName: z.string().nullable(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const recentTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  dueDate: z.string().nullable(),
  status: z.string(),
  projectName: z.string().nullable(),
  dealName: z.string().nullable(),
});
export type RecentTask = z.infer<typeof recentTaskSchema>;

/** Deals per stage over all the user's pipelines, Won and Lost left out. */
export const stageSummarySchema = z.object({ stage: z.string(), count: z.number().int(), value: z.string() });
export type StageSummary = z.infer<typeof stageSummarySchema>;

/** The value of deals won in one month ('YYYY-MM', the user's time zone). */
export const revenueMonthSchema = z.object({ month: z.string(), value: z.string() });
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

/**
 * The whole dashboard in one answer. Each widget is read on its own: one whose query fails is logged by the
 * server and comes back null, and the page shows it empty while the others show (part 1 §8).
 */
export const dashboardSchema = z.object({
  stats: dashboardStatsSchema.nullable(),
  /** Ordered by time. */
  schedule: z.array(scheduleItemSchema).nullable(),
  /** At most RECENT_TASKS_LIMIT, by due date ascending (no date last), not Done, own or assigned. */
  recentTasks: z.array(recentTaskSchema).nullable(),
  /** How many e-mail accounts the user has: none shows the link to email settings. */
  emailAccounts: z.number().int().nullable(),
  /** Ordered as the stages of the user's default pipeline, then any other stage by name. */
  pipelineOverview: z.array(stageSummarySchema).nullable(),
  /** The last 12 months, oldest first, the current month last; months without a won deal have "0". */
  revenue: z.array(revenueMonthSchema).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
