import type { PGlite } from '@electric-sql/pglite';
import { and, eq, is, or, sql, type RelationalSchemaConfig, type SQL, type TablesRelationalConfig } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction, type NodePgSessionOptions } from 'drizzle-orm/node-postgres';
import { PgTransaction, type PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import { PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError, sqlStateOf } from '../errors';
import type { Db, Tx } from './client';
import { PgliteThread, type PgliteQueries } from './pglite-thread';

/**
 * Who works on shared records, and where: the member's workspace, the member, and whether their visibility is
 * "Only records they own or are assigned to". The first argument of every shared area's service.
 */
export interface Member {
  workspaceId: string;
  userId: string;
  ownOnly: boolean;
  /** Whether the workspace had an endpoint turned on when the request began (webhooks/emit.ts); unknown if absent. */
  webhooks?: boolean;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement that makes a transaction the member's: the role, their workspace, id and visibility, for the
 * transaction only. Plain text without parameters, so it can go in one message with `begin` (on PostgreSQL) and costs
 * one call, not a parse and a bind; the ids are checked to be UUIDs, the one thing they can be.
 */
function memberSettings(member: Member, { forSession = false } = {}): string {
  if (!UUID.test(member.workspaceId) || !UUID.test(member.userId)) throw new Error('A member’s ids are UUIDs');
  const local = !forSession;
  // A member connection is the member's role from its start (MEMBER_CONNECTION_OPTIONS).
  const role = forSession ? '' : `set_config('role', '${MEMBER_ROLE}', true), `;
  return `select ${role}set_config('pipewise.workspace_id', '${member.workspaceId}', ${local}),
    set_config('pipewise.user_id', '${member.userId}', ${local}),
    set_config('pipewise.own_only', '${member.ownOnly ? 'on' : 'off'}', ${local})`;
}

/**
 * Runs `work` in a transaction as the member: under the role the shared tables' row-level security policies apply
 * to, with the member's workspace, id and visibility set for the transaction only. The services' own filters are the
 * first wall; a query that forgot one still reads and writes nothing outside the workspace (docs/decisions.md).
 *
 * A service's own `transaction` inside `work` runs in this one rather than in a savepoint (two statements fewer for
 * every write; measured in docs/performance.md): any failure ends the whole request's transaction, so a service must
 * not catch a database error and carry on in it.
 *
 * On PostgreSQL two kinds of work run without the request's transaction, on a connection of the member's role
 * (`pgMemberSession`): `readOnly` work (a GET's), and work with `ownTransactions`, whose writes are each one
 * statement or inside a service's own `transaction` (then a real one): a write of one statement costs one round trip,
 * as before the policies.
 */
export async function asMember<T>(
  db: Db | Tx,
  member: Member,
  work: (tx: Tx) => Promise<T>,
  { readOnly = false, ownTransactions = false }: { readOnly?: boolean; ownTransactions?: boolean } = {},
): Promise<T> {
  const memberPool = readOnly || ownTransactions ? memberPools.get(db) : undefined;
  if (memberPool) return pgMemberSession(memberPool, sessionOf(db), member, work, { write: !readOnly });
  const settings = memberSettings(member);
  // Already in a transaction (a test's, a batch's): a savepoint of it, as Drizzle nests them.
  if (is(db, PgTransaction)) {
    return (db as Tx).transaction(async (tx) => {
      await tx.execute(sql.raw(settings));
      return work(tx);
    });
  }
  const session = sessionOf(db);
  if (is(session, NodePgSession)) return pgMemberTransaction(session, settings, work);
  const { client } = session as unknown as { client: unknown };
  if ((readOnly || ownTransactions) && client instanceof PgliteThread) {
    return pgliteMemberStatements(client, session, settings, work, { write: !readOnly });
  }
  return db.transaction(async (tx) => {
    // The embedded database's transaction object: `exec` takes the plain statement in one call.
    await (sessionOf(tx) as unknown as { client: PgliteQueries }).client.exec(settings);
    return work(inline(tx));
  });
}

/**
 * A member's work on the embedded database as on PostgreSQL's member connections: each statement on its own, in a
 * transaction of its own on the database's thread with the member's settings (`PgliteThread.asMember`), so nothing
 * holds the database while this thread is busy with other requests; a service's own `transaction` is a real one for
 * writes, inline for reads, which refuse to write.
 */
function pgliteMemberStatements<T>(
  thread: PgliteThread,
  session: PgSession,
  settings: string,
  work: (tx: Tx) => Promise<T>,
  { write }: { write: boolean },
): Promise<T> {
  // Reads refuse to write, as PostgreSQL's read connections do.
  const statements = pgliteTransactionOn(
    thread.asMember(write ? settings : `set transaction read only; ${settings}`),
    session,
  );
  if (!write) return work(inline(statements));
  statements.transaction = ((inner: (tx: Tx) => Promise<unknown>) =>
    thread.transaction(async (queries) => {
      await queries.exec(settings);
      return inner(inline(pgliteTransactionOn(queries, session)));
    })) as Tx['transaction'];
  return work(statements);
}

/** Drizzle's transaction object over the embedded database's queries, with Drizzle's settings from `session`. */
function pgliteTransactionOn(queries: PgliteQueries, session: PgSession): Tx {
  const { dialect, schema, options } = session as unknown as Omit<NodePgSessionParts, 'client'>;
  const connection = new PgliteSession(queries as unknown as PGlite, dialect, schema, options);
  return new PgliteTransaction(dialect, connection, schema) as unknown as Tx;
}

/** Drizzle's session under a database or transaction object: internal to Drizzle, read here only. */
const sessionOf = (db: Db | Tx) => (db as unknown as { session: PgSession }).session;

/** A service's own transaction inside the member's: the same one (see `asMember`). */
function inline(tx: Tx): Tx {
  tx.transaction = (work) => work(tx);
  return tx;
}

/** What `asMember` needs of Drizzle's node-postgres session: its pool, and what a transaction over one client is made of. */
interface NodePgSessionParts {
  client: pg.Pool;
  dialect: PgDialect;
  schema: RelationalSchemaConfig<TablesRelationalConfig> | undefined;
  options: NodePgSessionOptions;
}

/** One transaction object per pooled connection: made once, used by one request at a time. */
const connectionTransactions = new WeakMap<pg.PoolClient, Tx>();

/** Drizzle's transaction object over a pooled connection, with Drizzle's settings from `session` (the pool's). */
function transactionOn(client: pg.PoolClient, session: object): Tx {
  let tx = connectionTransactions.get(client);
  if (!tx) {
    const { dialect, schema, options } = session as unknown as NodePgSessionParts;
    const connection = new NodePgSession(client, dialect, schema, options);
    tx = inline(new NodePgTransaction(dialect, connection, schema) as unknown as Tx);
    connectionTransactions.set(client, tx);
  }
  return tx;
}

/**
 * The member's transaction on PostgreSQL: `begin` and the settings in one round trip (Drizzle's own transaction
 * sends them as two), then `work` on that connection, then `commit`. A connection whose rollback failed is closed
 * rather than handed to the next request.
 */
async function pgMemberTransaction<T>(
  session: NodePgSession<Record<string, unknown>, TablesRelationalConfig>,
  settings: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { client: pool } = session as unknown as NodePgSessionParts;
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(`begin; ${settings}`);
    const result = await work(transactionOn(client, session));
    const { command } = await client.query('commit');
    // A failed statement whose error `work` swallowed: PostgreSQL answers the commit with a rollback.
    if (command === 'ROLLBACK') throw new Error('The transaction was rolled back');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * The pool of member connections of a PostgreSQL database (client.ts): each connection is the member's role from its
 * start, for good, and refuses writes unless its session was switched to writing (`pgMemberSession`).
 */
const memberPools = new WeakMap<Db | Tx, pg.Pool>();

export function useMemberPool(db: Db, pool: pg.Pool): void {
  memberPools.set(db, pool);
}

/** The startup options of a member connection: the member's role, and no writes (`useMemberPool`). */
export const MEMBER_CONNECTION_OPTIONS = `-c role=${MEMBER_ROLE} -c default_transaction_read_only=on`;

/** Whose settings a member connection holds now, and whether it writes: set for the session, so they stay. */
const connectionStates = new WeakMap<pg.PoolClient, string>();

/** Drizzle's transaction object over a member connection that writes: its `transaction` is a real one. */
const writingTransactions = new WeakMap<pg.PoolClient, Tx>();

/** A connection whose rollback failed: closed when released, not handed to another request. */
const brokenConnections = new WeakSet<pg.PoolClient>();

function writingOn(client: pg.PoolClient, session: object): Tx {
  let tx = writingTransactions.get(client);
  if (!tx) {
    const { dialect, schema, options } = session as unknown as NodePgSessionParts;
    const inside = transactionOn(client, session);
    const connection = new NodePgSession(client, dialect, schema, options);
    const writing = new NodePgTransaction(dialect, connection, schema) as unknown as Tx;
    // A service's transaction: begin, its work (whose own nested transactions run inline), commit.
    writing.transaction = async (work) => {
      await client.query('begin');
      try {
        const result = await work(inside);
        const { command } = await client.query('commit');
        if (command === 'ROLLBACK') throw new Error('The transaction was rolled back');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => brokenConnections.add(client));
        throw error;
      }
    };
    tx = writing;
    writingTransactions.set(client, tx);
  }
  return tx;
}

/**
 * A member's work on PostgreSQL in as few round trips as without row-level security: on a connection of the member's
 * role (`useMemberPool`) whose session already holds this member's settings and mode (reads only, or writes), or is
 * given them first (one statement). Reads: each statement in its own implicit transaction, and a service's own
 * `transaction` inline, so the connection never holds a transaction. Writes: a statement alone commits alone; a
 * service's `transaction` is a real one. The session's settings are set outside any transaction, so no rollback can
 * leave the connection holding other settings than the ones recorded here.
 */
async function pgMemberSession<T>(
  pool: pg.Pool,
  session: PgSession,
  member: Member,
  work: (tx: Tx) => Promise<T>,
  { write }: { write: boolean },
): Promise<T> {
  const state = `${member.workspaceId} ${member.userId} ${member.ownOnly ? 'on' : 'off'} ${write ? 'write' : 'read'}`;
  const client = await pool.connect();
  let broken = false;
  try {
    if (connectionStates.get(client) !== state) {
      connectionStates.delete(client);
      const mode = `set_config('default_transaction_read_only', '${write ? 'off' : 'on'}', false)`;
      await client.query(`${memberSettings(member, { forSession: true })}, ${mode}`);
      connectionStates.set(client, state);
    }
    return await work(write ? writingOn(client, session) : transactionOn(client, session));
  } catch (error) {
    // A database's or the request's own error leaves the connection as it was; anything else may have broken it.
    broken = !sqlStateOf(error) && !(error instanceof AppError);
    throw error;
  } finally {
    client.release(broken || brokenConnections.has(client));
  }
}
