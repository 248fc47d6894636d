import { eq } from 'drizzle-orm';
import type { User } from '@common/auth';
import type { ProfileInput } from '@common/profile';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ensureProfile } from '../../auth/service';
import type { SessionUser } from '../../auth/session-check';
import { AppError } from '../../errors';

type UserRow = typeof users.$inferSelect;

const toUser = (row: UserRow): User => ({ id: row.id, email: row.email, name: row.name, avatarUrl: row.avatarUrl });

/** Updates the user's own profile row (made first when missing, as sign-in would). */
async function updateProfile(db: Db, sessionUser: SessionUser, set: Partial<Pick<UserRow, 'name' | 'avatarUrl'>>) {
  await ensureProfile(db, sessionUser);
  const [row] = await db.update(users).set(set).where(eq(users.id, sessionUser.id)).returning();
  if (!row) throw new AppError(404, 'Not found');
  return toUser(row);
}

/** Part 1 §7: update name by id. */
export const updateName = (db: Db, sessionUser: SessionUser, input: ProfileInput) =>
  updateProfile(db, sessionUser, { name: input.name });

/** Part 1 §7: update avatar_url by id; null removes the picture. */
export const updateAvatarUrl = (db: Db, sessionUser: SessionUser, avatarUrl: string | null) =>
  updateProfile(db, sessionUser, { avatarUrl });

/** The stored avatar URL of a user, or null when they have none (or do not exist). */
export async function storedAvatarUrl(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
  return row?.avatarUrl ?? null;
}
