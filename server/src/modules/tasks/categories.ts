import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_TASK_CATEGORIES, categoryMessages, type Category, type categoryInputSchema } from '@common/tasks';
import type { Db } from '../../db/client';
import { taskCategories } from '../../db/schema';
import { AppError, notFound } from '../../errors';

export type CategoryValues = z.output<typeof categoryInputSchema>;
export type CategoryPatch = Partial<CategoryValues>;

const categoryColumns = { id: taskCategories.id, name: taskCategories.name, color: taskCategories.color };

const ownCategory = (userId: string, id: string) => and(eq(taskCategories.id, id), eq(taskCategories.userId, userId));

/** All the user's categories by name (at most MAX_TASK_CATEGORIES, so never paged); task_categories_user_name_idx. */
export function listCategories(db: Db, userId: string): Promise<Category[]> {
  return db
    .select(categoryColumns)
    .from(taskCategories)
    .where(eq(taskCategories.userId, userId))
    .orderBy(asc(taskCategories.name), asc(taskCategories.id))
    .limit(MAX_TASK_CATEGORIES);
}

/**
 * Refused past MAX_TASK_CATEGORIES. The count and the insert are serialised per user (an advisory lock: there
 * may be no row to lock yet), so two concurrent creates cannot both pass at the limit.
 */
export function createCategory(db: Db, userId: string, input: CategoryValues): Promise<Category> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`task_categories:${userId}`}, 0))`);
    const [existing] = await tx.select({ n: count() }).from(taskCategories).where(eq(taskCategories.userId, userId));
    if ((existing?.n ?? 0) >= MAX_TASK_CATEGORIES) throw new AppError(400, categoryMessages.tooMany);
    const [row] = await tx
      .insert(taskCategories)
      .values({ userId, name: input.name, color: input.color })
      .returning(categoryColumns);
    return row!;
  });
}

/** Rename and/or recolour; what is left out stays. */
export async function updateCategory(db: Db, userId: string, id: string, patch: CategoryPatch): Promise<Category> {
  const set = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.color !== undefined ? { color: patch.color } : {}),
  };
  const [row] = Object.keys(set).length
    ? await db.update(taskCategories).set(set).where(ownCategory(userId, id)).returning(categoryColumns)
    : await db.select(categoryColumns).from(taskCategories).where(ownCategory(userId, id));
  if (!row) throw notFound();
  return row;
}

/** Its tasks stay, without a category (ON DELETE SET NULL, behind tasks_category_idx). */
export async function deleteCategory(db: Db, userId: string, id: string): Promise<void> {
  const rows = await db.delete(taskCategories).where(ownCategory(userId, id)).returning({ id: taskCategories.id });
  if (!rows.length) throw notFound();
}
