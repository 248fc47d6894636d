import type { Db } from '../db/client';
import { authUsers, deals, pipelines, users } from '../db/schema';
import { createWorkspace } from '../modules/workspaces/service';

// Helpers of the schema's tests (db/schema-values.test.ts, schema-integrity.test.ts): rows written straight into the
// tables, and the error a statement the database refuses fails with.

export interface PgError {
  code?: string;
  constraint?: string;
}

/** Runs a statement that must fail and returns the database's error (drizzle wraps it in `cause`). */
export async function failure(statement: PromiseLike<unknown>): Promise<PgError> {
  try {
    await statement;
  } catch (error) {
    return ((error as { cause?: unknown }).cause ?? error) as PgError;
  }
  throw new Error('expected the statement to be rejected');
}

export const checkViolation = '23514';
export const uniqueViolation = '23505';
// ON DELETE RESTRICT reports restrict_violation (23001) from PostgreSQL 16 on, foreign_key_violation before.
export const restrictViolations = ['23001', '23503'];

let userCount = 0;

/**
 * Users (each with their own workspace, which has the user's id), pipelines and deals in that workspace, in the
 * database `db()` gives once it is open.
 */
export function schemaRows(db: () => Db) {
  async function createUser() {
    const email = `user${++userCount}@example.com`;
    const [auth] = await db().insert(authUsers).values({ name: 'Ann', email }).returning();
    await db().insert(users).values({ id: auth!.id, email });
    await createWorkspace(db(), auth!.id);
    return auth!.id;
  }

  async function createPipeline(userId: string, isDefault = false) {
    const [row] = await db()
      .insert(pipelines)
      .values({ userId, workspaceId: userId, name: 'Sales', isDefault })
      .returning();
    return row!;
  }

  async function createDeal(userId: string, pipelineId: string, values: Partial<typeof deals.$inferInsert> = {}) {
    const [row] = await db()
      .insert(deals)
      .values({ userId, workspaceId: userId, pipelineId, name: 'Acme', ...values })
      .returning();
    return row!;
  }

  return { createUser, createPipeline, createDeal };
}
