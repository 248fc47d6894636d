import { and, asc, eq, sql } from 'drizzle-orm';
import { workspaceMessages, type Workspace } from '@common/workspaces';
import type { Db } from '../../db/client';
import { users, workspaceMembers, workspaces } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { requireAdmin, requireOwner, type WorkspaceScope } from './scope';
import { notePublishChanges } from '../calendar/caldav/publish-note';

/** A workspace is named after its first Owner: their name, else their address's local part. */
const nameAfter = sql<string>`left(coalesce(nullif(btrim(${users.name}), ''), split_part(${users.email}, '@', 1)), 100)`;

/**
 * A user's own new workspace, with them as its Owner and, unless they chose one already, their current workspace.
 * Made at sign-up, and for an account that has none (see currentWorkspace). The first has the user's own id, as the
 * workspaces migration 0018 made for the accounts before it; one made later (after leaving that one) a new id.
 */
export async function createWorkspace(db: Db, userId: string): Promise<WorkspaceScope> {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select({ name: nameAfter }).from(users).where(eq(users.id, userId));
    if (!profile) throw notFound();
    const [workspace] = await tx
      .insert(workspaces)
      .values({
        id: sql`coalesce((select ${userId}::uuid where not exists (select 1 from workspaces where id = ${userId})), gen_random_uuid())`,
        name: profile.name,
      })
      .returning({ id: workspaces.id, name: workspaces.name });
    await tx.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId, role: 'owner' });
    await tx
      .update(users)
      .set({ currentWorkspaceId: workspace!.id })
      .where(and(eq(users.id, userId), sql`${users.currentWorkspaceId} is null`));
    return { id: workspace!.id, name: workspace!.name, role: 'owner', visibility: 'all' };
  });
}

/** The user's workspaces for the switcher, in the order they joined them. */
export async function listWorkspaces(db: Db, userId: string, currentId: string): Promise<Workspace[]> {
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaces.id));
  return rows.map((row) => ({ ...row, role: row.role as Workspace['role'], current: row.id === currentId }));
}

/** Makes one of the user's workspaces the current one; another workspace is not found. */
export async function switchWorkspace(db: Db, userId: string, workspaceId: string): Promise<Workspace> {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)));
  if (!row) throw notFound();
  await db.update(users).set({ currentWorkspaceId: workspaceId }).where(eq(users.id, userId));
  return { ...row, role: row.role as Workspace['role'], current: true };
}

export async function renameWorkspace(db: Db, scope: WorkspaceScope, name: string): Promise<Workspace> {
  requireAdmin(scope);
  const [row] = await db
    .update(workspaces)
    .set({ name, updatedAt: new Date() })
    .where(eq(workspaces.id, scope.id))
    .returning({ id: workspaces.id, name: workspaces.name });
  if (!row) throw notFound();
  return { ...row, role: scope.role, current: true };
}

/**
 * Deletes the workspace and every record in it, in one transaction, as the server's own role: the shared tables,
 * their counters and the invitations go with it by their foreign keys (ON DELETE CASCADE). What is personal
 * (bookings, mail, AI settings, notifications) is the members' and stays. Each member works in another of their
 * workspaces from their next request (currentWorkspace), an account left with none in a new one of its own.
 */
export async function deleteWorkspace(db: Db, scope: WorkspaceScope, userId: string, name: string): Promise<void> {
  requireOwner(scope, workspaceMessages.deleteOwnerOnly);
  await db.transaction(async (tx) => {
    // Locked and read again: a rename or a transfer of ownership in flight is either done before, and counts, or waits.
    const [current] = await tx
      .select({ name: workspaces.name, role: workspaceMembers.role })
      .from(workspaces)
      .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
      .where(and(eq(workspaces.id, scope.id), eq(workspaceMembers.userId, userId)))
      .for('update');
    if (!current) throw notFound();
    if (current.role !== 'owner') throw new AppError(403, workspaceMessages.deleteOwnerOnly);
    if (current.name !== name) {
      throw new AppError(400, workspaceMessages.deleteNameMismatch, { name: workspaceMessages.deleteNameMismatch });
    }
    // The events published of its tasks and activities are noted while those can still be found: their jobs then
    // find the records gone and take the events off the calendars.
    for (const [kind, table] of [
      ['task', 'tasks'],
      ['activity', 'deal_activities'],
    ] as const) {
      await notePublishChanges(
        tx,
        kind,
        sql`select p.record_id from caldav_published p join ${sql.raw(table)} r on r.id = p.record_id
          where p.kind = ${kind} and r.workspace_id = ${scope.id}`,
      );
    }
    // One statement: the foreign keys' actions run within it, and their checks at its end, so a pipeline's refusal
    // to go while it holds deals (ON DELETE RESTRICT) finds its deals gone with it.
    await tx.delete(workspaces).where(eq(workspaces.id, scope.id));
  });
}
