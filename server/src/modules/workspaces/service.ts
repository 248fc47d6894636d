import { and, asc, eq, sql } from 'drizzle-orm';
import type { Workspace } from '@common/workspaces';
import type { Db } from '../../db/client';
import { users, workspaceMembers, workspaces } from '../../db/schema';
import { notFound } from '../../errors';
import { requireAdmin, type WorkspaceScope } from './scope';

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
