import { TZDate } from '@date-fns/tz';
import { addMonths, format, startOfMonth } from 'date-fns';
import { REVENUE_MONTHS, type Dashboard, type ScheduleItem } from '@common/dashboard';
import type { Db } from '../../db/client';
import { asMember, type Member } from '../../db/member-scope';
import { selectRows } from '../../db/select-rows';
import { dueRange } from '../tasks/filters';
import {
  emailAccountsSql,
  pipelineOverviewSql,
  recentTasksSql,
  revenueSql,
  scheduleSql,
  statsSql,
  type MonthBounds,
  type RecentTaskRow,
  type RevenueRow,
  type ScheduleRow,
  type StageSummaryRow,
  type StatsRow,
} from './queries';

/** Where a failed widget is reported: the request's logger. */
export interface WidgetLog {
  error(details: object, message: string): void;
}

/** Reads one widget: a failure is logged with its error and answers null, so the other widgets still show (part 1 §8). */
export async function readWidget<T>(log: WidgetLog, widget: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    log.error({ err, widget }, 'dashboard widget failed');
    return null;
  }
}

/**
 * The whole dashboard of the member in their workspace (the records they see; their own bookings and e-mail
 * accounts), "today" and the months being those of the time zone `tz`.
 */
export async function getDashboard(
  db: Db,
  member: Member,
  tz: string,
  log: WidgetLog,
  now: Date = new Date(),
): Promise<Dashboard> {
  // Each widget apart as the member (reads only): a failed query would end a shared transaction for all of them.
  const read = <T>(widget: string, query: (tx: Db) => Promise<T>) =>
    readWidget(log, widget, () => asMember(db, member, query, { readOnly: true }));
  const [stats, schedule, recentTasks, emailAccounts, pipelineOverview, revenue] = await Promise.all([
    read('stats', (tx) => readStats(tx, member)),
    read('schedule', (tx) => readSchedule(tx, member, tz, now)),
    read('recentTasks', (tx) => readRecentTasks(tx, member)),
    read('emailAccounts', (tx) => readEmailAccounts(tx, member.userId)),
    read('pipelineOverview', (tx) => selectRows<StageSummaryRow>(tx, pipelineOverviewSql(member))),
    read('revenue', (tx) => readRevenue(tx, member, tz, now)),
  ]);
  return { stats, schedule, recentTasks, emailAccounts, pipelineOverview, revenue };
}

async function readStats(db: Db, member: Member): Promise<Dashboard['stats']> {
  const [row] = await selectRows<StatsRow>(db, statsSql(member));
  return {
    totalDealValue: row!.total_deal_value,
    totalContacts: row!.total_contacts,
    activeProjects: row!.active_projects,
    openTasks: row!.open_tasks,
  };
}

async function readSchedule(db: Db, member: Member, tz: string, now: Date): Promise<ScheduleItem[]> {
  const { from, to } = dueRange('today', tz, now);
  const rows = await selectRows<ScheduleRow>(db, scheduleSql(member, from, to));
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    title: row.title,
    at: row.at,
    status: row.status,
    priority: row.priority as ScheduleItem['priority'],
    dealName: row.deal_name,
    projectName: row.project_name,
  }));
}

async function readRecentTasks(db: Db, member: Member): Promise<Dashboard['recentTasks']> {
  const rows = await selectRows<RecentTaskRow>(db, recentTasksSql(member));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    dueDate: row.due_date,
    status: row.status,
    projectName: row.project_name,
    dealName: row.deal_name,
  }));
}

async function readEmailAccounts(db: Db, userId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(db, emailAccountsSql(userId));
  return row!.n;
}

/**
 * The REVENUE_MONTHS months up to the current one in `tz`, oldest first: each from local midnight on its first day
 * to the next month's (counted in local time, so DST changes fall where they should).
 */
export function revenueMonths(tz: string, now: Date, count = REVENUE_MONTHS): readonly MonthBounds[] {
  const current = startOfMonth(new TZDate(now.getTime(), tz));
  // Kept by zone and month: each of the months' bounds reads the zone's offset, which is slow (a tenth of the
  // dashboard's CPU), and they change only with the month.
  const key = `${tz} ${current.getTime()} ${count}`;
  let months = keptRevenueMonths.get(key);
  if (!months) {
    if (keptRevenueMonths.size >= REVENUE_MONTHS_KEPT) keptRevenueMonths.clear();
    months = monthsFrom(current, count);
    keptRevenueMonths.set(key, months);
  }
  return months;
}

const keptRevenueMonths = new Map<string, readonly MonthBounds[]>();
const REVENUE_MONTHS_KEPT = 1_000;

function monthsFrom(current: TZDate, count: number): MonthBounds[] {
  return Array.from({ length: count }, (_, i) => {
    const start = addMonths(current, i - count + 1);
    const end = addMonths(current, i - count + 2);
    return {
      month: format(start, 'yyyy-MM'),
      from: new Date(start.getTime()),
      to: new Date(end.getTime()),
      fromDate: format(start, 'yyyy-MM-dd'),
      toDate: format(end, 'yyyy-MM-dd'),
    };
  });
}

async function readRevenue(db: Db, member: Member, tz: string, now: Date): Promise<Dashboard['revenue']> {
  const months = revenueMonths(tz, now);
  const rows = await selectRows<RevenueRow>(db, revenueSql(member, months));
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row.value]));
  return months.map((m, i) => ({ month: m.month, value: byBucket.get(i + 1) ?? '0' }));
}
