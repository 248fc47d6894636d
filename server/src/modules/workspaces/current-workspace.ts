import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { users, workspaceMembers, workspaces } from '../../db/schema';
import { AppError } from '../../errors';
import { ensureProfile } from '../profile/service';
import type { WorkspaceScope } from './scope';
import { createWorkspace } from './service';

/** Last activity is written at most this often per member: a request costs no write. */
const ACTIVITY_EVERY_MS = 5 * 60_000;

/**
 * The user's current workspace, read on every request and never remembered: a member removed on any server process
 * has no workspace of theirs on the next request. The chosen one (`users.current_workspace_id`) if they are still a
 * member of it, else the first they joined; an account with none (a profile made after sign-up) gets its own.
 */
export async function currentWorkspace(
  db: Db,
  userId: string,
): Promise<WorkspaceScope & { lastActiveAt: Date | null; webhooks: boolean }> {
  const [row] = await membershipQuery(db).execute({ userId });
  if (row) return row as WorkspaceScope & { lastActiveAt: Date | null; webhooks: boolean };
  return { ...(await createWorkspace(db, userId)), lastActiveAt: null, webhooks: false };
}

/** The query of every signed-in request, prepared once per database (as the session check's is). */
const prepared = new WeakMap<Db, ReturnType<typeof prepareMembership>>();
function membershipQuery(db: Db) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareMembership(db)));
  return query;
}

// currentWorkspaceIdSql below chooses in the same order: a change here is one there.
function prepareMembership(db: Db) {
  return db
    .select({
      id: workspaceMembers.workspaceId,
      name: workspaces.name,
      role: workspaceMembers.role,
      visibility: workspaceMembers.visibility,
      lastActiveAt: workspaceMembers.lastActiveAt,
      // Whether a change here may have an event to write (webhooks/emit.ts): without an endpoint, no statement.
      webhooks: sql<boolean>`exists (select 1 from webhook_endpoints e
        where e.workspace_id = ${workspaceMembers.workspaceId} and e.enabled)`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.userId, sql.placeholder('userId')))
    .orderBy(
      sql`${workspaceMembers.workspaceId} is not distinct from ${users.currentWorkspaceId} desc`,
      asc(workspaceMembers.joinedAt),
      asc(workspaceMembers.workspaceId),
    )
    .limit(1)
    .prepare('current_workspace');
}

/**
 * The id of the user's current workspace in hand-written SQL (`user`, an expression of their id), chosen as
 * `currentWorkspace` chooses it (prepareMembership's order): null for an account in none. Work done for every user
 * at once (the overdue reminders' job) reads it so, without a request.
 */
export const currentWorkspaceIdSql = (user: SQL) => sql`(select m.workspace_id from workspace_members m
    join users u on u.id = m.user_id
    where m.user_id = ${user}
    order by m.workspace_id is not distinct from u.current_workspace_id desc, m.joined_at, m.workspace_id
    limit 1)`;

/** The signed-in routes' second guard (after requireUser): sets `req.workspace` of a session's request. */
export async function requireWorkspace(req: FastifyRequest) {
  // A key's request already has its key's own workspace and member (auth/api-key-check.ts).
  if (req.apiKey) return;
  const db = req.server.db;
  try {
    await ensureProfile(db, req.user);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 500) throw new AppError(401, error.message);
    throw error;
  }
  const { lastActiveAt, webhooks, ...scope } = await currentWorkspace(db, req.user.id);
  req.workspace = scope;
  req.member = { workspaceId: scope.id, userId: req.user.id, ownOnly: scope.visibility === 'own', webhooks };
  if (!lastActiveAt || Date.now() - lastActiveAt.getTime() > ACTIVITY_EVERY_MS) {
    await db
      .update(workspaceMembers)
      .set({ lastActiveAt: new Date() })
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, req.user.id)));
  }
}
