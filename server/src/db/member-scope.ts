import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

/**
 * Who works on shared records, and where: the member's workspace, the member, and whether their visibility is
 * "Only records they own or are assigned to". The first argument of every shared area's service.
 */
export interface Member {
  workspaceId: string;
  userId: string;
  ownOnly: boolean;
}

interface SharedTable {
  workspaceId: AnyPgColumn;
  userId: AnyPgColumn;
}

/**
 * The rows of a shared table the member sees: their workspace's, or, under "own records", those they own or (with
 * `assigned`, the table's assignee column) are assigned to.
 */
export function visibleTo(table: SharedTable, member: Member, assigned?: AnyPgColumn): SQL {
  const inWorkspace = eq(table.workspaceId, member.workspaceId);
  if (!member.ownOnly) return inWorkspace;
  const own = eq(table.userId, member.userId);
  return and(inWorkspace, assigned ? or(own, eq(assigned, member.userId)) : own)!;
}

/** The rows of the member's workspace, whoever owns them: a record's parts, once the record itself was found visible. */
export function inWorkspaceOf(table: Pick<SharedTable, 'workspaceId'>, member: Member): SQL {
  return eq(table.workspaceId, member.workspaceId);
}

/** A new shared record's workspace and owner: the member's. */
export function ownedBy(member: Member): { workspaceId: string; userId: string } {
  return { workspaceId: member.workspaceId, userId: member.userId };
}

/**
 * A user in their own first workspace, which has the user's id (given at sign-up, and by migration 0018 to the
 * accounts before it), seeing all of it: how seeds and tests that work as one user name them.
 */
export function soloMember(userId: string): Member {
  return { workspaceId: userId, userId, ownOnly: false };
}

/**
 * `visibleTo` for hand-written SQL over a shared table: its columns are `workspace_id`, `user_id` and, with
 * `assigned`, `assigned_user_id`, after `alias.` when given.
 */
export function visibleSql(member: Member, { alias, assigned }: { alias?: string; assigned?: boolean } = {}): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  const inWorkspace = sql`${column('workspace_id')} = ${member.workspaceId}`;
  if (!member.ownOnly) return inWorkspace;
  const own = sql`${column('user_id')} = ${member.userId}`;
  return assigned
    ? sql`${inWorkspace} and (${own} or ${column('assigned_user_id')} = ${member.userId})`
    : sql`${inWorkspace} and ${own}`;
}

/** The role the row-level security policies of the shared tables apply to (migration 0021). */
export const MEMBER_ROLE = 'pipewise_member';

/**
 * Runs `work` in a transaction as the member: under the role the shared tables' row-level security policies apply
 * to, with the member's workspace, id and visibility set for the transaction only. The services' own filters are the
 * first wall; a query that forgot one still reads and writes nothing outside the workspace (docs/decisions.md).
 */
export function asMember<T>(db: Db | Tx, member: Member, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${MEMBER_ROLE}, true),
      set_config('pipewise.workspace_id', ${member.workspaceId}, true),
      set_config('pipewise.user_id', ${member.userId}, true),
      set_config('pipewise.own_only', ${member.ownOnly ? 'on' : 'off'}, true)`);
    return work(tx);
  });
}
