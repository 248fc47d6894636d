import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_TASK_CATEGORIES, categoryMessages, type Category, type categoryInputSchema } from '@common/tasks';
import type { Db } from '../../db/client';
import { ownedBy, visibleTo, type Member } from '../../db/member-scope';
import { taskCategories } from '../../db/schema';
import { AppError, notFound } from '../../errors';

export type CategoryValues = z.output<typeof categoryInputSchema>;
export type CategoryPatch = Partial<CategoryValues>;

const categoryColumns = { id: taskCategories.id, name: taskCategories.name, color: taskCategories.color };

const visibleCategory = (member: Member, id: string) =>
  and(eq(taskCategories.id, id), visibleTo(taskCategories, member));

/**
 * All the categories the member sees, by name (at most MAX_TASK_CATEGORIES, so never paged);
 * task_categories_workspace_name_idx.
 */
export function listCategories(db: Db, member: Member): Promise<Category[]> {
  return db
    .select(categoryColumns)
    .from(taskCategories)
    .where(visibleTo(taskCategories, member))
    .orderBy(asc(taskCategories.name), asc(taskCategories.id))
    .limit(MAX_TASK_CATEGORIES);
}

/**
 * Refused past MAX_TASK_CATEGORIES in the workspace. The count and the insert are serialised per workspace (an
 * advisory lock: there may be no row to lock yet), so two concurrent creates cannot both pass at the limit.
 */
export function createCategory(db: Db, member: Member, input: CategoryValues): Promise<Category> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`task_categories:${member.workspaceId}`}, 0))`,
    );
    const [existing] = await tx
      .select({ n: count() })
      .from(taskCategories)
      .where(eq(taskCategories.workspaceId, member.workspaceId));
    if ((existing?.n ?? 0) >= MAX_TASK_CATEGORIES) throw new AppError(400, categoryMessages.tooMany);
    const [row] = await tx
      .insert(taskCategories)
      .values({ ...ownedBy(member), name: input.name, color: input.color })
      .returning(categoryColumns);
    return row!;
  });
}

/** Rename and/or recolour; what is left out stays. */
export async function updateCategory(db: Db, member: Member, id: string, patch: CategoryPatch): Promise<Category> {
  const set = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.color !== undefined ? { color: patch.color } : {}),
  };
  const [row] = Object.keys(set).length
    ? await db.update(taskCategories).set(set).where(visibleCategory(member, id)).returning(categoryColumns)
    : await db.select(categoryColumns).from(taskCategories).where(visibleCategory(member, id));
  if (!row) throw notFound();
  return row;
}

/** Its tasks stay, without a category (ON DELETE SET NULL, behind tasks_category_idx). */
export async function deleteCategory(db: Db, member: Member, id: string): Promise<void> {
  const rows = await db.delete(taskCategories).where(visibleCategory(member, id)).returning({ id: taskCategories.id });
  if (!rows.length) throw notFound();
}
