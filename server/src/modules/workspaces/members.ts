import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  workspaceMessages,
  type Member,
  type Person,
  type RecordVisibility,
  type WorkspaceRole,
} from '@common/workspaces';
import type { z } from 'zod';
import type { memberUpdateSchema } from '@common/workspaces';
import type { Db, Tx } from '../../db/client';
import { users, workspaceMembers } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { reassignRecords } from './reassign';
import { requireAdmin, requireOwner, type WorkspaceScope } from './scope';

const memberColumns = {
  userId: workspaceMembers.userId,
  name: users.name,
  email: users.email,
  avatarUrl: users.avatarUrl,
  role: workspaceMembers.role,
  visibility: workspaceMembers.visibility,
  joinedAt: workspaceMembers.joinedAt,
  lastActiveAt: workspaceMembers.lastActiveAt,
};

type MemberRow = {
  userId: string;
  name: string | null;
  email: string;
  avatarUrl: string | null;
  role: string;
  visibility: string;
  joinedAt: Date;
  lastActiveAt: Date | null;
};

const toMember = (row: MemberRow): Member => ({
  ...row,
  role: row.role as WorkspaceRole,
  visibility: row.visibility as RecordVisibility,
  joinedAt: row.joinedAt.toISOString(),
  lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
});

const membersOf = (db: Db | Tx, workspaceId: string) =>
  db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.userId));

/** The members, in the order they joined (a team is a handful of people: one query, no paging). */
export async function listMembers(db: Db, scope: WorkspaceScope): Promise<Member[]> {
  requireAdmin(scope);
  return (await membersOf(db, scope.id)).map(toMember);
}

/** The workspace's people by name, for every member (no address, role or activity). */
export async function listPeople(db: Db, workspaceId: string): Promise<Person[]> {
  const rows = await db
    .select({
      userId: workspaceMembers.userId,
      name: sql<string>`coalesce(nullif(btrim(${users.name}), ''), split_part(${users.email}, '@', 1))`,
      avatarUrl: users.avatarUrl,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.userId.localeCompare(b.userId));
}

async function memberRow(db: Db | Tx, workspaceId: string, userId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function updateMember(
  db: Db,
  scope: WorkspaceScope,
  userId: string,
  change: z.infer<typeof memberUpdateSchema>,
): Promise<Member> {
  requireAdmin(scope);
  const target = await memberRow(db, scope.id, userId);
  if (target.role === 'owner' && change.role) throw new AppError(400, workspaceMessages.ownerCannotChange);
  if (target.role === 'owner' && change.visibility === 'own') throw new AppError(400, workspaceMessages.ownerSeesAll);
  if (change.role || change.visibility) {
    await db
      .update(workspaceMembers)
      .set(change)
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, userId)));
  }
  return toMember(await memberRow(db, scope.id, userId));
}

/**
 * Removes a member: from their next request on, on any server process, the workspace is not theirs (the request
 * scope reads membership on every request). `reassignTo` must be a member who stays.
 */
export async function removeMember(
  db: Db,
  scope: WorkspaceScope,
  actorId: string,
  userId: string,
  reassignTo: string,
): Promise<void> {
  requireAdmin(scope);
  if (userId === actorId) throw new AppError(400, workspaceMessages.cannotRemoveSelf);
  await db.transaction(async (tx) => {
    const target = await memberRow(tx, scope.id, userId);
    if (target.role === 'owner') throw new AppError(400, workspaceMessages.ownerCannotLeave);
    if (reassignTo === userId)
      throw new AppError(400, workspaceMessages.reassignInvalid, { reassignTo: workspaceMessages.reassignInvalid });
    await memberRow(tx, scope.id, reassignTo).catch(() => {
      throw new AppError(400, workspaceMessages.reassignInvalid, { reassignTo: workspaceMessages.reassignInvalid });
    });
    await reassignRecords(tx, scope.id, userId, reassignTo);
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, userId)));
  });
}

/** The Owner hands their role to another member and becomes an Admin. */
export async function transferOwnership(
  db: Db,
  scope: WorkspaceScope,
  ownerId: string,
  userId: string,
): Promise<Member[]> {
  requireOwner(scope);
  return db.transaction(async (tx) => {
    const target = await memberRow(tx, scope.id, userId).catch(() => {
      throw new AppError(400, workspaceMessages.transferToMember, { userId: workspaceMessages.transferToMember });
    });
    if (target.userId === ownerId)
      throw new AppError(400, workspaceMessages.transferToMember, { userId: workspaceMessages.transferToMember });
    // The former Owner steps down first: the workspace has one Owner at every moment of the transaction.
    await tx
      .update(workspaceMembers)
      .set({ role: 'admin' })
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, ownerId)));
    await tx
      .update(workspaceMembers)
      .set({ role: 'owner', visibility: 'all' })
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, userId)));
    return (await membersOf(tx, scope.id)).map(toMember);
  });
}

/**
 * Leaves the current workspace (anyone but its Owner); the user's next request works in another of theirs. Their
 * records stay in the workspace, handed to its Owner.
 */
export async function leaveWorkspace(db: Db, scope: WorkspaceScope, userId: string): Promise<void> {
  if (scope.role === 'owner') throw new AppError(400, workspaceMessages.ownerCannotLeave);
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.role, 'owner')));
    const left = await tx
      .delete(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, scope.id),
          eq(workspaceMembers.userId, userId),
          ne(workspaceMembers.role, 'owner'),
        ),
      )
      .returning({ userId: workspaceMembers.userId });
    // Their records stay in the workspace, the Owner's from now on.
    if (owner && left.length) await reassignRecords(tx, scope.id, userId, owner.userId);
  });
}
