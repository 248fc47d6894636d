import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { RecordVisibility, WorkspaceRole } from '@common/workspaces';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { membershipCacheOf, type MembershipRow } from '../../db/membership-cache';
import { workspaceMembers } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { AppError } from '../../errors';
import { ensureProfile } from '../profile/service';
import type { WorkspaceScope } from './scope';
import { createWorkspace } from './service';

/** Last activity is written at most this often per member: a request costs no write. */
const ACTIVITY_EVERY_MS = 5 * 60_000;

/**
 * The user's current workspace, read on every request, or on PostgreSQL kept from an earlier one only while the
 * database announces every change to it (db/membership-cache.ts): a member removed on any server process has no
 * workspace of theirs on the next request. `fresh` reads it from the database whatever is kept. The chosen one
 * (`users.current_workspace_id`) if they are still a member of it, else the first they joined; an account with none
 * (a profile made after sign-up) gets its own.
 */
export async function currentWorkspace(
  db: Db,
  userId: string,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<WorkspaceScope & { lastActiveAt: Date | null; webhooks: boolean }> {
  // membership_of (migration 0027): the database keeps its plan, where a join sent as a statement is planned anew on
  // every request on the embedded database. It chooses as currentWorkspaceIdSql below does: a change there is one
  // here. `webhooks`: whether a change here may have an event to write (webhooks/emit.ts); without an endpoint, no
  // statement.
  const cache = membershipCacheOf(db);
  let row = fresh ? undefined : cache?.get(userId);
  if (!row) {
    const mark = cache?.mark ?? 0;
    [row] = await selectRows<MembershipRow>(db, sql`select * from membership_of(${userId})`);
    if (row) cache?.keep(userId, row, mark);
  }
  if (row) {
    return {
      id: row.id,
      name: row.name,
      role: row.role as WorkspaceRole,
      visibility: row.visibility as RecordVisibility,
      lastActiveAt: row.last_active_at === null ? null : new Date(row.last_active_at),
      webhooks: row.webhooks,
    };
  }
  return { ...(await createWorkspace(db, userId)), lastActiveAt: null, webhooks: false };
}

/**
 * The id of the user's current workspace in hand-written SQL (`user`, an expression of their id), chosen as
 * `currentWorkspace` chooses it (membership_of's order, migration 0027): null for an account in none. Work done for every user
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
  // A change reads its membership fresh: a write is never allowed on a membership kept from before.
  const fresh = req.method !== 'GET' && req.method !== 'HEAD';
  const { lastActiveAt, webhooks, ...scope } = await currentWorkspace(db, req.user.id, { fresh });
  req.workspace = scope;
  req.member = { workspaceId: scope.id, userId: req.user.id, ownOnly: scope.visibility === 'own', webhooks };
  if (!lastActiveAt || Date.now() - lastActiveAt.getTime() > ACTIVITY_EVERY_MS) {
    membershipCacheOf(db)?.touched(req.user.id, new Date());
    await db
      .update(workspaceMembers)
      .set({ lastActiveAt: new Date() })
      .where(and(eq(workspaceMembers.workspaceId, scope.id), eq(workspaceMembers.userId, req.user.id)));
  }
}
