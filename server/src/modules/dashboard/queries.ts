import { sql, type SQL } from 'drizzle-orm';
import { RECENT_TASKS_LIMIT } from '@common/dashboard';
import { taskStatuses } from '@common/constants';
import { visibleSql, type Member } from '../../db/member-scope';
import { WON_STAGE } from '../deals/won-at';

// One statement per dashboard widget, each read through the workspace's indexes (dashboard.plan.test.ts shows the
// plans): an "all records" member's dashboard counts the workspace's records, an "own records" member's those they
// own or are assigned to. The bookings and e-mail accounts are the user's own, whatever the workspace.
// Sums of money come back as PostgreSQL's numeric text: exact, with the column's two decimals ("1234.50"), and
// "0" when there is nothing to add up (no deal, or only deals without a value).

/** At most this many of each kind of item in Today's Schedule, so a crowded day stays one small answer. */
export const SCHEDULE_KIND_CAP = 50;

/** ISO 8601 in UTC, milliseconds. */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const moneySum = (column: string) => sql.raw(`coalesce(sum(${column})::text, '0')`);

const openTaskStatuses = taskStatuses.filter((status) => status !== 'Done');

export interface StatsRow {
  total_deal_value: string;
  total_contacts: number;
  active_projects: number;
  open_tasks: number;
}

/**
 * The four stat cards from user_stats, whose rows (one per member of a workspace, counting the records they own) the
 * database's triggers keep exact on every change of contacts, deals, projects and tasks (migrations 0009, 0019): an
 * "all records" member's cards sum the workspace's rows, an "own records" member's read their one row by its
 * primary key. Open tasks are counted once each: over the workspace, each by its owner; for an "own records" member,
 * their own and those assigned to them by another member. No row yet means nothing to count; a sum of zero reads "0".
 */
export function statsSql(member: Member): SQL {
  const openTasks = member.ownOnly
    ? sql.raw('open_tasks_owned + open_tasks_assigned_by_others')
    : sql.raw('open_tasks_owned');
  return sql`select case when coalesce(sum(open_deal_value), 0) = 0 then '0' else sum(open_deal_value)::text end
        as total_deal_value,
      coalesce(sum(contacts), 0)::int as total_contacts,
      coalesce(sum(active_projects), 0)::int as active_projects,
      coalesce(sum(${openTasks}), 0)::int as open_tasks
    from user_stats where ${visibleSql(member)}`;
}

export interface ScheduleRow {
  kind: 'activity' | 'booking' | 'task';
  id: string;
  title: string;
  at: string;
  status: string;
  priority: string | null;
  deal_name: string | null;
  project_name: string | null;
}

/**
 * Rows of `table` the member sees, due in [from, to) and matching `where`: one read of (workspace_id, due_date);
 * for an "own records" member, of the rows they own there, and one more of (assigned_user_id, due_date) for those
 * another member assigned them, without the rows the first has.
 */
function visibleDue(table: string, columns: string, member: Member, where: SQL, from: Date, to: Date): SQL {
  const branch = (who: SQL) =>
    sql`(select ${sql.raw(columns)} from ${sql.raw(table)}
      where ${who} and ${where} and due_date >= ${instant(from)} and due_date < ${instant(to)}
      order by due_date, id limit ${SCHEDULE_KIND_CAP})`;
  if (!member.ownOnly) return branch(visibleSql(member));
  return sql`${branch(visibleSql(member))}
    union all
    ${branch(assignedByOthers(member))}`;
}

/** The rows of a table with an assignee that another member of the workspace assigned to the member. */
const assignedByOthers = (member: Member) =>
  sql`assigned_user_id = ${member.userId} and assigned_user_id <> user_id and workspace_id = ${member.workspaceId}`;

/**
 * Today's Schedule: pending deal activities, Scheduled bookings and tasks not Done, due (or starting) in
 * [from, to), at most SCHEDULE_KIND_CAP of each kind, in time order. Names are primary-key lookups of the rows kept.
 */
export function scheduleSql(member: Member, from: Date, to: Date): SQL {
  const activities = visibleDue(
    'deal_activities',
    'id, description, due_date, status, priority, deal_id',
    member,
    sql`status = 'pending'`,
    from,
    to,
  );
  const tasks = visibleDue(
    'tasks',
    'id, name, due_date, status, project_id, deal_id',
    member,
    sql`status <> 'Done'`,
    from,
    to,
  );
  return sql`select kind, id, title, ${iso('at')} as at, status, priority, deal_name, project_name from (
      (select 'activity' as kind, a.id, a.description as title, a.due_date as at, a.status, a.priority,
          (select d.name from deals d where d.id = a.deal_id) as deal_name, null::text as project_name
        from (${activities}) a
        order by a.due_date, a.id limit ${SCHEDULE_KIND_CAP})
      union all
      (select 'booking', b.id, b.booker_name, b.scheduled_start_time, b.status, null, null, null
        from bookings b
        where b.user_id = ${member.userId} and b.status = 'Scheduled'
          and b.scheduled_start_time >= ${instant(from)} and b.scheduled_start_time < ${instant(to)}
        order by b.scheduled_start_time, b.id limit ${SCHEDULE_KIND_CAP})
      union all
      (select 'task', t.id, t.name, t.due_date, t.status, null,
          (select d.name from deals d where d.id = t.deal_id),
          (select p.name from projects p where p.id = t.project_id)
        from (${tasks}) t
        order by t.due_date, t.id limit ${SCHEDULE_KIND_CAP})
    ) items
    order by items.at, items.kind, items.id`;
}

export interface RecentTaskRow {
  id: string;
  name: string;
  due_date: string | null;
  status: string;
  project_name: string | null;
  deal_name: string | null;
}

/**
 * The first RECENT_TASKS_LIMIT open tasks the member sees by due date, those without one last: each open status of
 * the workspace's tasks (an "own records" member's own) read in due-date order from tasks_workspace_status_due_idx,
 * and, for an "own records" member, those another member assigned them from tasks_assigned_due_idx, each stopping at
 * the limit (ascending btree order already puts nulls last).
 */
export function recentTasksSql(member: Member): SQL {
  const columns = sql.raw('id, name, due_date, status, project_id, deal_id');
  const branch = (where: SQL) =>
    sql`(select ${columns} from tasks where ${where} order by due_date, id limit ${RECENT_TASKS_LIMIT})`;
  const branches = [
    ...openTaskStatuses.map((status) => branch(sql`${visibleSql(member)} and status = ${status}`)),
    ...(member.ownOnly ? [branch(sql`${assignedByOthers(member)} and status <> 'Done'`)] : []),
  ];
  return sql`select t.id, t.name, ${iso('t.due_date')} as due_date, t.status,
      p.name as project_name, d.name as deal_name
    from (
      select * from (${sql.join(branches, sql` union all `)}) open_tasks
      order by due_date, id limit ${RECENT_TASKS_LIMIT}
    ) t
    left join projects p on p.id = t.project_id
    left join deals d on d.id = t.deal_id
    order by t.due_date, t.id`;
}

export function emailAccountsSql(userId: string): SQL {
  return sql`select count(*)::int as n from email_accounts where user_id = ${userId}`;
}

export interface StageSummaryRow {
  stage: string;
  count: number;
  value: string;
}

/**
 * Open deals per stage over all the workspace's pipelines (those the member sees: deal_stage_totals keeps a row per
 * owner), in the order of the default pipeline's stages, then any other stage by name.
 */
export function pipelineOverviewSql(member: Member): SQL {
  return sql`select s.stage, s.count, s.value from (
      select stage, sum(deals)::int as count, ${moneySum('value')} as value
      from deal_stage_totals
      where ${visibleSql(member)} and stage <> ${WON_STAGE} and stage <> 'Lost'
      group by stage
      having sum(deals) > 0
    ) s
    order by array_position(
        (select p.stages from pipelines p where p.workspace_id = ${member.workspaceId} and p.is_default limit 1),
        s.stage
      ) nulls last,
      lower(s.stage), s.stage`;
}

/** One month of the revenue chart: its instants [from, to) and its local dates [fromDate, toDate). */
export interface MonthBounds {
  month: string;
  from: Date;
  to: Date;
  fromDate: string;
  toDate: string;
}

export interface RevenueRow {
  bucket: number;
  value: string;
}

/**
 * The value of Won deals per month, `bucket` 1 being the first of `months`: by won_at, or by the expected close
 * date for a deal won before won_at existed. One read of the workspace's Won deals in deals_workspace_stage_idx (an
 * "own records" member's own among them); the month boundaries come from the caller (computed in the user's time
 * zone), so PostgreSQL needs no zone names.
 */
export function revenueSql(member: Member, months: readonly MonthBounds[]): SQL {
  const first = months[0]!;
  const last = months[months.length - 1]!;
  const instants = `{${[...months.map((m) => m.from.toISOString()), last.to.toISOString()].join(',')}}`;
  const dates = `{${[...months.map((m) => m.fromDate), last.toDate].join(',')}}`;
  return sql`select bucket, ${moneySum('value')} as value from (
      select value,
        case when won_at is not null then width_bucket(won_at, ${instants}::timestamptz[])
          else width_bucket(expected_close_date, ${dates}::date[]) end as bucket
      from deals
      where ${visibleSql(member)} and stage = ${WON_STAGE}
        and (won_at >= ${instant(first.from)} and won_at < ${instant(last.to)}
          or won_at is null and expected_close_date >= ${first.fromDate}::date
            and expected_close_date < ${last.toDate}::date)
    ) won
    group by bucket`;
}
