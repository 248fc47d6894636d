import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { activityMessages, type Activity, type activityInputSchema } from '@common/activities';
import type { Db, Tx } from '../../db/client';
import { afterKey, keysetPage } from '../../db/keyset';
import { inWorkspaceOf, ownedBy, visibleTo, type Member } from '../../db/member-scope';
import { dealActivities, deals, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { CursorKey, KeysetPage } from '../../http/cursor';
import { notifyActivityAssigned } from '../notifications/assigned';
import { isAssignable } from '../workspaces/assignee';
import { emitEvent } from '../webhooks/emit';
import { notePublishChange } from '../calendar/caldav/publish-note';

export type ActivityValues = z.output<typeof activityInputSchema>;

const activityColumns = {
  id: dealActivities.id,
  dealId: dealActivities.dealId,
  activityType: dealActivities.activityType,
  description: dealActivities.description,
  dueDate: dealActivities.dueDate,
  priority: dealActivities.priority,
  status: dealActivities.status,
  completedAt: dealActivities.completedAt,
  createdAt: dealActivities.createdAt,
  assignedUserId: dealActivities.assignedUserId,
  // The name the people picker shows: the email's local part for a user who gave none.
  assignedUserName: sql<string | null>`coalesce(nullif(btrim(${users.name}), ''), split_part(${users.email}, '@', 1))`,
  // The cursor's sort value keeps the microseconds a Date would drop.
  dueKey: sql<string>`to_char(${dealActivities.dueDate} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

interface ActivityRow {
  id: string;
  dealId: string;
  activityType: string;
  description: string;
  dueDate: Date;
  priority: string;
  status: string;
  completedAt: Date | null;
  createdAt: Date;
  assignedUserId: string | null;
  assignedUserName: string | null;
  dueKey: string;
}

const selectActivities = (db: Db | Tx) =>
  db.select(activityColumns).from(dealActivities).leftJoin(users, eq(users.id, dealActivities.assignedUserId));

/**
 * Activities are reached through their deal: a deal the member does not see (another workspace's, or under "own
 * records" another member's), or a missing one, is a 404. Once it is seen, all of its activities are.
 */
async function checkVisibleDeal(
  db: Db | Tx,
  member: Member,
  dealId: string,
  { lock = true }: { lock?: boolean } = {},
): Promise<VisibleDeal> {
  const query = db
    .select({ id: deals.id, name: deals.name, pipelineId: deals.pipelineId })
    .from(deals)
    .where(and(eq(deals.id, dealId), visibleTo(deals, member)));
  // A change to an activity keeps its deal from being deleted under it; a read locks nothing (and runs read-only).
  const [deal] = await (lock ? query.for('key share') : query);
  if (!deal) throw notFound();
  return deal;
}

interface VisibleDeal {
  id: string;
  name: string;
  pipelineId: string;
}

const onDeal = (member: Member, dealId: string, id: string) =>
  and(eq(dealActivities.id, id), eq(dealActivities.dealId, dealId), inWorkspaceOf(dealActivities, member));

/** A page of the deal's activities by due date, then id. */
export async function listActivities(
  db: Db,
  member: Member,
  dealId: string,
  { limit, after }: { limit: number; after: CursorKey | null },
): Promise<KeysetPage<Activity>> {
  await checkVisibleDeal(db, member, dealId, { lock: false });
  const rows = await selectActivities(db)
    .where(
      and(
        eq(dealActivities.dealId, dealId),
        inWorkspaceOf(dealActivities, member),
        afterKey(dealActivities.dueDate, dealActivities.id, after),
      ),
    )
    .orderBy(asc(dealActivities.dueDate), asc(dealActivities.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (row) => [row.dueKey, row.id], toActivity);
}

/**
 * A new pending activity, owned by the signed-in member, in their workspace. It is assigned to the member when the
 * input leaves the assignee out; another assignee must be a member of the workspace, and is notified.
 */
export function createActivity(db: Db, member: Member, dealId: string, input: ActivityValues): Promise<Activity> {
  return db.transaction(async (tx) => {
    const deal = await checkVisibleDeal(tx, member, dealId);
    const assignedUserId = input.assignedUserId === undefined ? member.userId : input.assignedUserId;
    if (
      assignedUserId &&
      assignedUserId !== member.userId &&
      !(await isAssignable(tx, member.workspaceId, assignedUserId))
    )
      throw new AppError(400, activityMessages.assigneeNotMember, {
        assignedUserId: activityMessages.assigneeNotMember,
      });
    const [row] = await tx
      .insert(dealActivities)
      .values({
        dealId,
        ...ownedBy(member),
        assignedUserId,
        activityType: input.activityType,
        description: input.description,
        dueDate: new Date(input.dueDate),
        priority: input.priority,
        status: 'pending',
      })
      .returning({ id: dealActivities.id });
    await notifyActivityAssigned(tx, member, { id: row!.id, description: input.description, assignedUserId }, deal);
    await notePublishChange(tx, 'activity', row!.id);
    return getActivity(tx, member, dealId, row!.id);
  });
}

/** Idempotent: an activity completed already keeps its completion time. */
export function completeActivity(db: Db, member: Member, dealId: string, id: string): Promise<Activity> {
  return db.transaction(async (tx) => {
    await checkVisibleDeal(tx, member, dealId);
    const [row] = await tx
      .update(dealActivities)
      .set({ status: 'completed', completedAt: sql`coalesce(${dealActivities.completedAt}, now())` })
      .where(onDeal(member, dealId, id))
      // Completed by this statement: its time is this transaction's.
      .returning({ id: dealActivities.id, justCompleted: sql<boolean>`${dealActivities.completedAt} = now()` });
    if (!row) throw notFound();
    const activity = await getActivity(tx, member, dealId, id);
    if (row.justCompleted) await emitEvent(tx, member, 'activity.completed', activity);
    await notePublishChange(tx, 'activity', id);
    return activity;
  });
}

export async function deleteActivity(db: Db, member: Member, dealId: string, id: string): Promise<void> {
  await checkVisibleDeal(db, member, dealId);
  const rows = await db
    .delete(dealActivities)
    .where(onDeal(member, dealId, id))
    .returning({ id: dealActivities.id });
  if (!rows.length) throw notFound();
  await notePublishChange(db, 'activity', id);
}

async function getActivity(db: Db | Tx, member: Member, dealId: string, id: string): Promise<Activity> {
  const [row] = await selectActivities(db).where(onDeal(member, dealId, id));
  if (!row) throw notFound();
  return toActivity(row);
}

function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    dealId: row.dealId,
    activityType: row.activityType as Activity['activityType'],
    description: row.description,
    dueDate: row.dueDate.toISOString(),
    priority: row.priority as Activity['priority'],
    status: row.status as Activity['status'],
    completedAt: row.completedAt?.toISOString() ?? null,
    assignedUserId: row.assignedUserId,
    assignedUserName: row.assignedUserName,
    createdAt: row.createdAt.toISOString(),
  };
}
